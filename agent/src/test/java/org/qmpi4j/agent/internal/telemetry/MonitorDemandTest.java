package org.qmpi4j.agent.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ThreadLevel;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * The agent's variables cost nothing on the call path while no handle for them runs: the monitor
 * watches a function (and the process relinks its call sites through the agent) only between the
 * start and the stop of a handle that needs it.
 */
class MonitorDemandTest {
    private ProcessTelemetry telemetry;
    private MpitRegistry mpit;
    private CallMonitor monitor;
    private final AtomicInteger relinks = new AtomicInteger();

    @BeforeEach
    void setUp() {
        telemetry = new ProcessTelemetry(new AgentConfig(null, Map.of(), Map.of()), ProcessTelemetry.Counters.NONE);
        mpit = telemetry.registry();
        monitor = telemetry.monitor();
        monitor.attach(null, relinks::incrementAndGet);
        mpit.initThread(ThreadLevel.SINGLE);
    }

    private long watched() {
        return Arrays.stream(MpiFunction.values()).filter(monitor::observes).count();
    }

    @Test
    void nothingIsWatchedUntilAHandleStarts() {
        assertThat(watched()).isZero();
        PvarSession s = mpit.pvarSessionCreate();
        PvarHandle h = mpit.pvarHandleAlloc(s, mpit.pvarGetIndex("qmpi4j_mpi_send_calls", PvarClass.COUNTER), null);
        assertThat(watched()).as("allocated, not started").isZero();
        assertThat(relinks).hasValue(0);

        mpit.pvarStart(s, h);
        assertThat(watched()).isEqualTo(1);
        assertThat(monitor.observes(MpiFunction.MPI_SEND)).isTrue();
        assertThat(relinks).hasValue(1);

        mpit.pvarStop(s, h);
        assertThat(watched()).isZero();
        assertThat(relinks).hasValue(2);
    }

    @Test
    void twoHandlesOnOneFunctionRelinkOnlyAtTheFirstStartAndTheLastStop() {
        int index = mpit.pvarGetIndex("qmpi4j_mpi_recv_time", PvarClass.TIMER);
        PvarSession a = mpit.pvarSessionCreate();
        PvarSession b = mpit.pvarSessionCreate();
        PvarHandle ha = mpit.pvarHandleAlloc(a, index, null);
        PvarHandle hb = mpit.pvarHandleAlloc(b, index, null);
        mpit.pvarStart(a, ha);
        mpit.pvarStart(b, hb);
        assertThat(relinks).hasValue(1);
        mpit.pvarSessionFree(a); // frees (and so stops) its handle
        assertThat(monitor.observes(MpiFunction.MPI_RECV)).isTrue();
        assertThat(relinks).hasValue(1);
        mpit.pvarStop(b, hb);
        assertThat(monitor.observes(MpiFunction.MPI_RECV)).isFalse();
        assertThat(relinks).hasValue(2);
    }

    @Test
    void theStateVariableWatchesEveryFunctionAndContinuousAgentCountersNone() {
        PvarSession s = mpit.pvarSessionCreate();
        mpit.pvarHandleAlloc(s, mpit.pvarGetIndex("qmpi4j_call_sites_linked", PvarClass.COUNTER), null);
        mpit.pvarHandleAlloc(s, mpit.pvarGetIndex("qmpi4j_pcontrol_level", PvarClass.GENERIC), null);
        assertThat(watched())
                .as("continuous variables that the call path does not feed")
                .isZero();
        PvarHandle state = mpit.pvarHandleAlloc(s, mpit.pvarGetIndex("qmpi4j_mpi_state", PvarClass.STATE), null);
        mpit.pvarStart(s, state);
        assertThat(watched()).isEqualTo(MpiFunction.values().length);
        mpit.finalizeInterface(); // the last finalize frees every handle
        assertThat(watched()).isZero();
    }
}
