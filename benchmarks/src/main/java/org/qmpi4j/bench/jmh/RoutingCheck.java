package org.qmpi4j.bench.jmh;

import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;

/**
 * Run in each forked JVM right after {@code MPI.Init}: checks that calls are routed as the variant
 * says (so that a variant can never silently measure something else, e.g. an agent that did not
 * rewrite the benchmark), then applies {@code MPI_Pcontrol(0)} if the variant asks for it and
 * checks that it took effect. The probe is {@code MPI.wtick()}, which the fake binding lets report
 * its callers and which the pass-through tool intercepts; it is never called while measuring.
 */
final class RoutingCheck {
    /** {@code plain}, {@code linked}, {@code chain}, or {@code agent} (linked or chain). */
    static final String EXPECT = "qmpi4j.bench.expect";
    /** {@code true}: call {@code MPI.pControl(0, null)} after the check; calls must then be linked. */
    static final String PCONTROL_OFF = "qmpi4j.bench.pcontrol0";

    private RoutingCheck() {}

    static void apply() throws MPIException {
        String expect = System.getProperty(EXPECT, "").toLowerCase(Locale.ROOT);
        Route route = probe();
        boolean ok;
        switch (expect) {
            case "plain":
                ok = route == Route.PLAIN;
                break;
            case "linked":
                ok = route == Route.LINKED;
                break;
            case "chain":
                ok = route == Route.CHAIN;
                break;
            case "agent":
                ok = route != Route.PLAIN;
                break;
            default:
                throw new IllegalStateException(
                        "system property " + EXPECT + " must be plain, linked, chain or agent, was '" + expect + "'");
        }
        if (!ok) {
            throw new IllegalStateException("expected calls routed " + expect + " but the probe went " + route
                    + "; callers: " + MPI.lastWtickCallers());
        }
        if (Boolean.getBoolean(PCONTROL_OFF)) {
            MPI.pControl(0, null);
            Route after = probe();
            if (after != Route.LINKED) {
                throw new IllegalStateException(
                        "after MPI.pControl(0) calls should go straight to the binding, but went " + after
                                + "; callers: " + MPI.lastWtickCallers());
            }
        }
    }

    /** One call of the probe from this class, a call site the agent rewrites like any other. */
    private static Route probe() throws MPIException {
        MPI.wtick();
        return Route.of(MPI.lastWtickCallers(), RoutingCheck.class.getName());
    }
}
