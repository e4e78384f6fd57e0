package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.concurrent.atomic.AtomicInteger;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.CvarSources;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarSource;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Scope;
import org.qmpi4j.api.mpit.ThreadLevel;

/** Shared helpers of the conformance tests: registries, variables and return-code assertions. */
public final class Mpit {
    private Mpit() {}

    /** A call whose return code a test checks. */
    @FunctionalInterface
    public interface Call {
        void run();
    }

    /** An empty registry (any object is of any kind), initialised once. */
    static MpitRegistry initialised() {
        MpitRegistry r = new MpitRegistry(ObjectKinds.ANY);
        r.initThread(ThreadLevel.SINGLE);
        return r;
    }

    /**
     * A registry where only {@link Integer}s are MPI objects, of every kind: binding a variable to
     * {@code 3} means "an object with 3 elements" for a {@link FakeSource}; anything else is an
     * object of the wrong kind.
     */
    static MpitRegistry initialisedWithIntegerObjects() {
        MpitRegistry r = new MpitRegistry((kind, object) -> object instanceof Integer);
        r.initThread(ThreadLevel.SINGLE);
        return r;
    }

    /** The return code of {@code call}: SUCCESS if it returns, the exception's code otherwise. */
    static ReturnCode codeOf(Call call) {
        try {
            call.run();
            return ReturnCode.SUCCESS;
        } catch (MpitException e) {
            return e.code();
        }
    }

    /** Asserts {@code call} answers exactly {@code expected} (and nothing but MpitException escapes). */
    public static void expect(ReturnCode expected, Call call) {
        ReturnCode actual;
        try {
            call.run();
            actual = ReturnCode.SUCCESS;
        } catch (MpitException e) {
            actual = e.code();
            if (actual != expected) {
                throw new AssertionError("expected " + expected + " but got " + actual, e);
            }
        } catch (RuntimeException | Error e) {
            throw new AssertionError("expected " + expected + " but the call threw " + e, e);
        }
        assertThat(actual).as("return code").isEqualTo(expected);
    }

    private static final AtomicInteger names = new AtomicInteger();

    /** A fresh, unique variable name. */
    static String name(String prefix) {
        return prefix + "_" + names.incrementAndGet();
    }

    static PvarDefinition.Builder pvar(String name, PvarClass c, PvarSource source) {
        return PvarDefinition.builder(name, c).source(source);
    }

    /** Registers a variable of class {@code c} with the class's defaults, fed by {@code source}. */
    static int register(MpitRegistry r, PvarClass c, PvarSource source) {
        return r.registerPvar(pvar(name(c.name().toLowerCase()), c, source).build());
    }

    static int register(MpitRegistry r, PvarDefinition.Builder b) {
        return r.registerPvar(b.build());
    }

    /** A writable, local INT control variable holding {@code initial}. */
    static int intCvar(MpitRegistry r, String name, Scope scope, int initial) {
        int[] value = {initial};
        return r.registerCvar(CvarDefinition.builder(name, MpitDatatype.INT)
                .scope(scope)
                .source(CvarSources.intValue(() -> value[0], v -> value[0] = v))
                .build());
    }

    static int[] ints(int n) {
        return new int[n];
    }

    static long[] longs(int n) {
        return new long[n];
    }

    static double[] doubles(int n) {
        return new double[n];
    }

    /** Reads element 0 of a one-element handle of any integer or double type as a double. */
    static double readOne(
            MpitRegistry r, org.qmpi4j.api.mpit.PvarSession s, org.qmpi4j.api.mpit.PvarHandle h, MpitDatatype type) {
        Object buffer = type.newBuffer(h.count());
        r.pvarRead(s, h, buffer);
        if (buffer instanceof int[]) {
            return type == MpitDatatype.UNSIGNED ? Integer.toUnsignedLong(((int[]) buffer)[0]) : ((int[]) buffer)[0];
        }
        if (buffer instanceof long[]) {
            return ((long[]) buffer)[0];
        }
        if (buffer instanceof double[]) {
            return ((double[]) buffer)[0];
        }
        return fail("no numeric buffer for " + type);
    }

    /** The object a bound variable needs: this test's MPI objects are Integers (element counts). */
    static @Nullable Object objectFor(BindType bind, int elements) {
        return bind == BindType.NO_OBJECT ? null : Integer.valueOf(elements);
    }
}
