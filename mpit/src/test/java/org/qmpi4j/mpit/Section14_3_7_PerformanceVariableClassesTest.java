package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.qmpi4j.mpit.Mpit.expect;
import static org.qmpi4j.mpit.Mpit.pvar;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * MPI 4.0 Section 14.3.7, Performance Variable Classes: datatypes, starting values, overflow,
 * how values change, started versus continuous, read-only and atomic read-reset, class by class.
 */
class Section14_3_7_PerformanceVariableClassesTest {
    private static final long TWO_TO_32 = 1L << 32;

    private final MpitRegistry r = Mpit.initialised();
    private final PvarSession s = r.pvarSessionCreate();

    private PvarHandle handle(PvarDefinition.Builder b) {
        return r.pvarHandleAlloc(s, r.registerPvar(b.build()), null);
    }

    private PvarHandle handle(PvarClass c, MpitDatatype t, FakeSource source) {
        return handle(pvar(Mpit.name(c.name()), c, source).datatype(t));
    }

    private long readLong(PvarHandle h) {
        long[] v = new long[1];
        r.pvarRead(s, h, v);
        return v[0];
    }

    /** An MPI_UNSIGNED value as the C program would see it. */
    private long readUnsigned(PvarHandle h) {
        int[] v = new int[1];
        r.pvarRead(s, h, v);
        return Integer.toUnsignedLong(v[0]);
    }

    private int readInt(PvarHandle h) {
        int[] v = new int[1];
        r.pvarRead(s, h, v);
        return v[0];
    }

    private double readDouble(PvarHandle h) {
        double[] v = new double[1];
        r.pvarRead(s, h, v);
        return v[0];
    }

    // ---- datatypes and overflow per class --------------------------------------------------------

    @Test
    @DisplayName("Each class's \"possible datatypes\" are the text's, and only counter, aggregate and timer "
            + "\"can overflow\"")
    void datatypesAndOverflowPerClass() {
        Set<MpitDatatype> unsignedOrDouble = EnumSet.of(
                MpitDatatype.UNSIGNED,
                MpitDatatype.UNSIGNED_LONG,
                MpitDatatype.UNSIGNED_LONG_LONG,
                MpitDatatype.DOUBLE);
        Set<MpitDatatype> unsigned =
                EnumSet.of(MpitDatatype.UNSIGNED, MpitDatatype.UNSIGNED_LONG, MpitDatatype.UNSIGNED_LONG_LONG);
        assertThat(PvarClass.STATE.datatypes()).as("\"represented by MPI_INT\"").containsExactly(MpitDatatype.INT);
        assertThat(PvarClass.LEVEL.datatypes()).isEqualTo(unsignedOrDouble);
        assertThat(PvarClass.SIZE.datatypes()).isEqualTo(unsignedOrDouble);
        assertThat(PvarClass.PERCENTAGE.datatypes())
                .as("\"returned as an MPI_DOUBLE\"")
                .containsExactly(MpitDatatype.DOUBLE);
        assertThat(PvarClass.HIGHWATERMARK.datatypes()).isEqualTo(unsignedOrDouble);
        assertThat(PvarClass.LOWWATERMARK.datatypes()).isEqualTo(unsignedOrDouble);
        assertThat(PvarClass.COUNTER.datatypes()).isEqualTo(unsigned);
        assertThat(PvarClass.AGGREGATE.datatypes()).isEqualTo(unsignedOrDouble);
        assertThat(PvarClass.TIMER.datatypes()).isEqualTo(unsignedOrDouble);
        // GENERIC: the text sets no datatype; qmpi4j offers every numeric one (values are raw longs, so no
        // MPI_CHAR performance variables) - a restriction of what it offers, not of the text.
        assertThat(PvarClass.GENERIC.datatypes())
                .containsAll(unsignedOrDouble)
                .contains(MpitDatatype.INT, MpitDatatype.COUNT);
        assertThat(PvarClass.values()).hasSize(10);
        for (PvarClass c : PvarClass.values()) {
            boolean textSaysCanOverflow = c == PvarClass.COUNTER || c == PvarClass.AGGREGATE || c == PvarClass.TIMER;
            assertThat(c.canOverflow()).as(c.name()).isEqualTo(textSaysCanOverflow);
        }
    }

    // ---- COUNTER ---------------------------------------------------------------------------------

    @Test
    @DisplayName(
            "COUNTER: \"The starting value ... is 0\", \"increases monotonically ... by one for each specific event\", "
                    + "not updated while stopped, reset to 0")
    void counter() {
        FakeSource events = new FakeSource();
        events.add(1000); // events before the handle existed are not counted
        PvarHandle h = handle(PvarClass.COUNTER, MpitDatatype.UNSIGNED_LONG_LONG, events);
        assertThat(readLong(h)).isZero();
        events.add(4);
        assertThat(readLong(h)).as("stopped after allocation: not updated").isZero();
        r.pvarStart(s, h);
        assertThat(readLong(h)).as("starting value").isZero();
        events.add(3);
        assertThat(readLong(h)).isEqualTo(3);
        r.pvarStop(s, h);
        events.add(5);
        assertThat(readLong(h)).as("stopped: not updated").isEqualTo(3);
        r.pvarStart(s, h);
        events.add(2);
        assertThat(readLong(h)).as("started again: continues").isEqualTo(5);
        r.pvarReset(s, h);
        assertThat(readLong(h)).as("reset to the starting value").isZero();
        events.add(1);
        assertThat(readLong(h)).isEqualTo(1);
    }

    @Test
    @DisplayName("COUNTER \"can overflow\": an MPI_UNSIGNED counter wraps at 2^32, as a C unsigned does")
    void unsignedCounterWraps() {
        FakeSource events = new FakeSource();
        PvarHandle h = handle(PvarClass.COUNTER, MpitDatatype.UNSIGNED, events);
        r.pvarStart(s, h);
        events.add(TWO_TO_32 - 1);
        assertThat(readUnsigned(h)).isEqualTo(TWO_TO_32 - 1);
        events.add(1);
        assertThat(readUnsigned(h)).isZero();
        events.add(5);
        assertThat(readUnsigned(h)).isEqualTo(5);
    }

    @Test
    @DisplayName("COUNTER: 64-bit counters wrap at 2^64 (unsigned arithmetic of the growth since start)")
    void longCounterWraps() {
        FakeSource events = new FakeSource();
        events.add(Long.MAX_VALUE - 10); // the source's own total is close to its limit
        PvarHandle h = handle(PvarClass.COUNTER, MpitDatatype.UNSIGNED_LONG, events);
        r.pvarStart(s, h);
        events.add(20); // the source's long total wraps; the growth is still 20
        assertThat(readLong(h)).isEqualTo(20);
        events.add(Long.MAX_VALUE);
        events.add(Long.MAX_VALUE);
        assertThat(Long.toUnsignedString(readLong(h)))
                .as("20 + 2^64 - 2 mod 2^64")
                .isEqualTo("18");
    }

    // ---- AGGREGATE, TIMER --------------------------------------------------------------------------

    @Test
    @DisplayName("AGGREGATE: \"the value can be incremented by arbitrary amounts\", starts at 0, non-negative")
    void aggregate() {
        FakeSource bytes = new FakeSource();
        bytes.add(77);
        PvarHandle h = handle(PvarClass.AGGREGATE, MpitDatatype.DOUBLE, bytes);
        r.pvarStart(s, h);
        assertThat(readDouble(h)).isZero();
        bytes.add(4096);
        bytes.add(12);
        assertThat(readDouble(h)).isEqualTo(4108.0);
        r.pvarReset(s, h);
        assertThat(readDouble(h)).isZero();
    }

    @Test
    @DisplayName("TIMER: \"If the type MPI_DOUBLE is used, the units ... must match the units used by MPI_WTIME\" "
            + "(seconds): raw nanoseconds times the unit 1e-9")
    void timerInSeconds() {
        FakeSource nanos = new FakeSource();
        PvarHandle h = handle(pvar(Mpit.name("t"), PvarClass.TIMER, nanos));
        assertThat(r.pvarGetInfo(r.pvarGetIndex(nameOf(h), PvarClass.TIMER)).datatype())
                .as("a timer's default datatype")
                .isEqualTo(MpitDatatype.DOUBLE);
        r.pvarStart(s, h);
        assertThat(readDouble(h)).as("starting value").isZero();
        nanos.add(1_500_000_000L);
        assertThat(readDouble(h)).isCloseTo(1.5, within(1e-12));
        nanos.add(250_000L);
        assertThat(readDouble(h)).isCloseTo(1.50025, within(1e-12));
        // Written in seconds, kept in nanoseconds: reads back the same.
        r.pvarWrite(s, h, new double[] {2.0});
        nanos.add(1_000_000_000L);
        assertThat(readDouble(h)).isCloseTo(3.0, within(1e-9));
    }

    private String nameOf(PvarHandle h) {
        return ((PerformanceHandle) h).definition.name();
    }

    // ---- watermarks --------------------------------------------------------------------------------

    @Test
    @DisplayName(
            "HIGHWATERMARK: \"The starting value is the current utilization level ... at the time that the variable "
                    + "is started or reset\"; \"grows monotonically\"")
    void highWatermark() {
        FakeSource level = new FakeSource();
        level.set(5);
        PvarHandle h = handle(PvarClass.HIGHWATERMARK, MpitDatatype.UNSIGNED_LONG_LONG, level);
        level.set(7);
        r.pvarStart(s, h);
        assertThat(readLong(h)).as("level when started").isEqualTo(7);
        level.set(3);
        assertThat(readLong(h)).isEqualTo(7);
        level.set(9);
        level.set(2);
        assertThat(readLong(h)).isEqualTo(9);
        r.pvarReset(s, h);
        assertThat(readLong(h)).as("level when reset").isEqualTo(2);
        level.set(4);
        assertThat(readLong(h)).isEqualTo(4);
    }

    @Test
    @DisplayName("LOWWATERMARK: starts at the level when started or reset; \"decreases monotonically\"")
    void lowWatermark() {
        FakeSource level = new FakeSource();
        level.set(5);
        PvarHandle h = handle(PvarClass.LOWWATERMARK, MpitDatatype.DOUBLE, level);
        level.set(8);
        r.pvarStart(s, h);
        assertThat(readDouble(h)).as("level when started").isEqualTo(8.0);
        level.set(12);
        assertThat(readDouble(h)).isEqualTo(8.0);
        level.set(1);
        level.set(6);
        assertThat(readDouble(h)).isEqualTo(1.0);
        r.pvarReset(s, h);
        assertThat(readDouble(h)).as("level when reset").isEqualTo(6.0);
    }

    @Test
    @DisplayName("Watermarks while stopped: \"their values are not updated\"; reading of the text for a restart")
    void watermarkStopAndRestart() {
        // The text fixes the starting value "at the time that the variable is started or reset" and says the
        // value "grows monotonically from the initialization or reset of the variable". qmpi4j reads "started"
        // as the first start: a restart after a stop continues the same watermark (like a counter continues),
        // taking in the level at the restart, so that the value stays monotonic between resets. Levels reached
        // and left while stopped are not seen.
        FakeSource level = new FakeSource();
        PvarHandle h = handle(PvarClass.HIGHWATERMARK, MpitDatatype.UNSIGNED_LONG_LONG, level);
        r.pvarStart(s, h);
        level.set(10);
        r.pvarStop(s, h);
        level.set(200);
        level.set(50);
        assertThat(readLong(h)).as("stopped").isEqualTo(10);
        r.pvarStart(s, h);
        assertThat(readLong(h))
                .as("restart takes in the level now, not the spike while stopped")
                .isEqualTo(50);
        level.set(20);
        assertThat(readLong(h)).isEqualTo(50);
        r.pvarStop(s, h);
        level.set(5);
        r.pvarStart(s, h);
        assertThat(readLong(h))
                .as("restart below the mark: the watermark continues, it does not start over")
                .isEqualTo(50);
        assertThat(level.listeners()).isEqualTo(1);
        r.pvarStop(s, h);
        assertThat(level.listeners())
                .as("a stopped watermark no longer listens")
                .isZero();
    }

    @Test
    @DisplayName(
            "HIGHWATERMARK \"must ensure that variables of this class cannot overflow\": an MPI_UNSIGNED watermark "
                    + "never wraps (it stays at 2^32 - 1) and never decreases")
    void unsignedWatermarkDoesNotOverflow() {
        FakeSource level = new FakeSource();
        PvarHandle h = handle(PvarClass.HIGHWATERMARK, MpitDatatype.UNSIGNED, level);
        r.pvarStart(s, h);
        level.set(TWO_TO_32 - 1);
        long before = readUnsigned(h);
        assertThat(before).isEqualTo(TWO_TO_32 - 1);
        level.set(TWO_TO_32 + 5);
        assertThat(readUnsigned(h))
                .as("grows monotonically, cannot overflow")
                .isGreaterThanOrEqualTo(before)
                .isEqualTo(TWO_TO_32 - 1);
    }

    @Test
    @DisplayName("Watermarks are writable and resettable unless read-only; a write sets the mark")
    void watermarkWrite() {
        FakeSource level = new FakeSource();
        level.set(3);
        PvarHandle h = handle(PvarClass.HIGHWATERMARK, MpitDatatype.UNSIGNED_LONG, level);
        r.pvarStart(s, h);
        r.pvarWrite(s, h, new long[] {100});
        level.set(50);
        assertThat(readLong(h)).isEqualTo(100);
        level.set(150);
        assertThat(readLong(h)).isEqualTo(150);
    }

    @Test
    @DisplayName("\"Groups of variables that belong closely together ... (like the level ... as well as high and low "
            + "watermarks)\": one PvarSources.level() feeds all three; PvarSources.counter() is active only while read")
    void readyMadeSources() {
        org.qmpi4j.api.mpit.PvarSources.Level queue = org.qmpi4j.api.mpit.PvarSources.level();
        PvarHandle level = handle(pvar("queue", PvarClass.LEVEL, queue).continuous(true));
        PvarHandle high = handle(pvar("queue", PvarClass.HIGHWATERMARK, queue));
        PvarHandle low = handle(pvar("queue", PvarClass.LOWWATERMARK, queue));
        queue.set(4);
        r.pvarStart(s, PvarHandle.ALL_HANDLES);
        queue.add(3);
        queue.add(-6);
        queue.add(-5); // a level never goes below 0
        assertThat(readLong(level)).isZero();
        assertThat(readLong(high)).isEqualTo(7);
        assertThat(readLong(low)).isZero();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> queue.set(-1))
                .as("levels are non-negative")
                .isInstanceOf(IllegalArgumentException.class);

        org.qmpi4j.api.mpit.PvarSources.Counter calls = org.qmpi4j.api.mpit.PvarSources.counter();
        PvarHandle c = handle(pvar(Mpit.name("calls"), PvarClass.COUNTER, calls));
        assertThat(calls.isActive()).as("allocated, not started").isFalse();
        r.pvarStart(s, c);
        assertThat(calls.isActive()).isTrue();
        calls.increment();
        calls.add(4);
        assertThat(readLong(c)).isEqualTo(5);
        r.pvarStop(s, c);
        assertThat(calls.isActive()).isFalse();
    }

    // ---- LEVEL, SIZE, STATE, PERCENTAGE, GENERIC --------------------------------------------------

    @Test
    @DisplayName("LEVEL: \"can change at any time to match the current utilization level\" while started; not updated "
            + "while stopped; starting value = level when set")
    void level() {
        FakeSource queue = new FakeSource();
        queue.set(5);
        PvarHandle h = handle(PvarClass.LEVEL, MpitDatatype.UNSIGNED_LONG_LONG, queue);
        assertThat(readLong(h)).as("the level at allocation").isEqualTo(5);
        queue.set(8);
        assertThat(readLong(h)).as("stopped after allocation: not updated").isEqualTo(5);
        r.pvarStart(s, h);
        assertThat(readLong(h)).isEqualTo(8);
        queue.set(2);
        assertThat(readLong(h)).isEqualTo(2);
        r.pvarStop(s, h);
        queue.set(30);
        assertThat(readLong(h)).as("stopped: the level at the stop").isEqualTo(2);
    }

    @Test
    @DisplayName("LEVEL \"Values returned ... are non-negative\": also through MPI_DOUBLE when a source misbehaves")
    void levelIsNonNegative() {
        FakeSource broken = new FakeSource();
        PvarHandle h = handle(pvar(Mpit.name("lvl"), PvarClass.LEVEL, broken)
                .datatype(MpitDatatype.DOUBLE)
                .continuous(true));
        broken.set(-3);
        assertThat(readDouble(h)).isGreaterThanOrEqualTo(0.0);
    }

    @Test
    @DisplayName(
            "LEVEL \"must ensure that variables of this class cannot overflow\": MPI_UNSIGNED saturates at 2^32 - 1 "
                    + "instead of wrapping")
    void unsignedLevelDoesNotOverflow() {
        FakeSource big = new FakeSource();
        PvarHandle h = handle(pvar(Mpit.name("lvl"), PvarClass.LEVEL, big)
                .datatype(MpitDatatype.UNSIGNED)
                .continuous(true));
        big.set(TWO_TO_32 + 5);
        assertThat(readUnsigned(h)).isEqualTo(TWO_TO_32 - 1);
        big.set(12);
        assertThat(readUnsigned(h)).isEqualTo(12);
    }

    @Test
    @DisplayName("SIZE: \"The starting value is the current size of the resource\"")
    void size() {
        FakeSource size = new FakeSource();
        size.set(64);
        PvarHandle h = handle(pvar(Mpit.name("size"), PvarClass.SIZE, size)
                .datatype(MpitDatatype.UNSIGNED)
                .continuous(true));
        assertThat(readUnsigned(h)).isEqualTo(64);
        size.set(128);
        assertThat(readUnsigned(h)).as("continuous: always the current size").isEqualTo(128);
    }

    @Test
    @DisplayName("STATE: \"represented by MPI_INT\", \"should be described further using an enumeration\", starts at "
            + "the current state")
    void state() {
        EnumType states = r.registerEnum(
                "states", new EnumItem(0, "idle"), new EnumItem(1, "sending"), new EnumItem(2, "waiting"));
        FakeSource state = new FakeSource();
        state.set(1);
        PvarHandle h = handle(pvar(Mpit.name("state"), PvarClass.STATE, state).enumType(states));
        r.pvarStart(s, h);
        assertThat(readInt(h)).isEqualTo(1);
        state.set(2);
        assertThat(r.enumGetItem(states, readInt(h)).name()).isEqualTo("waiting");
    }

    @Test
    @DisplayName("PERCENTAGE: \"returned as an MPI_DOUBLE\", \"must always be between 0.0 ... and 1.0\", also when the "
            + "source reports more or less")
    void percentage() {
        FakeSource used = new FakeSource();
        PvarHandle h = handle(
                pvar(Mpit.name("pct"), PvarClass.PERCENTAGE, used).unit(1e-9).continuous(true));
        used.set(250_000_000L);
        assertThat(readDouble(h)).isCloseTo(0.25, within(1e-12));
        used.set(1_300_000_000L);
        assertThat(readDouble(h)).isEqualTo(1.0);
        used.set(-100_000_000L);
        assertThat(readDouble(h)).isEqualTo(0.0);
        assertThat(Mpit.codeOf(() -> pvar("p", PvarClass.PERCENTAGE, used)
                        .datatype(MpitDatatype.UNSIGNED)
                        .build()))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
    }

    @Test
    @DisplayName("GENERIC: \"the starting value is variable-specific\": qmpi4j reports the source's current value")
    void generic() {
        FakeSource v = new FakeSource();
        v.set(-42);
        PvarHandle h = handle(pvar(Mpit.name("gen"), PvarClass.GENERIC, v)
                .datatype(MpitDatatype.INT)
                .continuous(true));
        assertThat(readInt(h)).isEqualTo(-42);
    }

    // ---- continuous, read-only, atomic -------------------------------------------------------------

    @Test
    @DisplayName(
            "\"continuous ... is set to one if the variable is always active and cannot be controlled by the user\": "
                    + "start/stop answer MPI_T_ERR_PVAR_NO_STARTSTOP; it counts from allocation")
    void continuous() {
        FakeSource events = new FakeSource();
        events.add(9);
        PvarHandle h = handle(pvar(Mpit.name("c"), PvarClass.COUNTER, events).continuous(true));
        assertThat(events.active).as("active from allocation").hasValue(1);
        events.add(2);
        assertThat(readLong(h)).isEqualTo(2);
        expect(ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP, () -> r.pvarStart(s, h));
        expect(ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP, () -> r.pvarStop(s, h));
        events.add(1);
        assertThat(readLong(h)).as("still running after the refused stop").isEqualTo(3);
        r.pvarHandleFree(s, h);
        assertThat(events.active).as("inactive once freed").hasValue(0);
    }

    @Test
    @DisplayName("\"readonly ... set to one if the variable can only be read\": MPI_T_PVAR_WRITE and MPI_T_PVAR_RESET "
            + "answer MPI_T_ERR_PVAR_NO_WRITE, for every class, and the value is unchanged")
    void readOnly() {
        for (PvarClass c : PvarClass.values()) {
            FakeSource src = new FakeSource();
            src.set(4);
            MpitDatatype t = c.datatypes().iterator().next();
            PvarHandle h = handle(
                    pvar(Mpit.name(c.name()), c, src).datatype(t).readonly(true).atomic(false));
            r.pvarStart(s, h);
            src.set(6);
            Object before = t.newBuffer(1);
            r.pvarRead(s, h, before);
            expect(ReturnCode.MPI_T_ERR_PVAR_NO_WRITE, () -> r.pvarWrite(s, h, t.newBuffer(1)));
            expect(ReturnCode.MPI_T_ERR_PVAR_NO_WRITE, () -> r.pvarReset(s, h));
            expect(ReturnCode.MPI_T_ERR_PVAR_NO_ATOMIC, () -> r.pvarReadReset(s, h, t.newBuffer(1)));
            Object after = t.newBuffer(1);
            r.pvarRead(s, h, after);
            assertThat(after).as(c.name()).isEqualTo(before);
        }
    }

    @Test
    @DisplayName("Classes that report the resource's current value (state, level, size, percentage, generic) are "
            + "read-only in qmpi4j: \"a user cannot set how full a queue is\"")
    void currentValueClassesAreReadOnly() {
        // The text lets an implementation choose readonly per variable; qmpi4j fixes it for these classes,
        // where a per-handle write has no meaning. A writable definition is refused when built.
        for (PvarClass c : new PvarClass[] {
            PvarClass.STATE, PvarClass.LEVEL, PvarClass.SIZE, PvarClass.PERCENTAGE, PvarClass.GENERIC
        }) {
            assertThat(Mpit.codeOf(
                            () -> pvar("v", c, new FakeSource()).readonly(false).build()))
                    .as(c.name())
                    .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
            assertThat(pvar("v", c, new FakeSource()).build().info().readonly())
                    .as(c.name() + " default")
                    .isTrue();
        }
    }

    @Test
    @DisplayName(
            "\"Only variables for which the call sets atomic to one can be used in a call to MPI_T_PVAR_READRESET\": "
                    + "others answer MPI_T_ERR_PVAR_NO_ATOMIC and are not reset")
    void atomicOnlyWhereSet() {
        FakeSource events = new FakeSource();
        PvarHandle h = handle(pvar(Mpit.name("c"), PvarClass.COUNTER, events).atomic(false));
        assertThat(r.pvarGetInfo(r.pvarGetIndex(nameOf(h), PvarClass.COUNTER)).atomic())
                .isFalse();
        r.pvarStart(s, h);
        events.add(3);
        expect(ReturnCode.MPI_T_ERR_PVAR_NO_ATOMIC, () -> r.pvarReadReset(s, h, new long[1]));
        assertThat(readLong(h)).as("not reset").isEqualTo(3);
        expect(ReturnCode.SUCCESS, () -> r.pvarReset(s, h));
        // An atomic read-reset of a read-only variable would be a contradiction: refused when built.
        assertThat(Mpit.codeOf(() -> pvar("x", PvarClass.COUNTER, events)
                        .readonly(true)
                        .atomic(true)
                        .build()))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
    }

    @Test
    @DisplayName("MPI_T_PVAR_READRESET \"with the same semantics as if these two calls were called separately\"")
    void readResetSemantics() {
        FakeSource events = new FakeSource();
        PvarHandle counter = handle(PvarClass.COUNTER, MpitDatatype.UNSIGNED_LONG_LONG, events);
        r.pvarStart(s, counter);
        events.add(7);
        long[] v = new long[1];
        r.pvarReadReset(s, counter, v);
        assertThat(v[0]).isEqualTo(7);
        assertThat(readLong(counter)).isZero();
        events.add(2);
        assertThat(readLong(counter)).isEqualTo(2);

        FakeSource level = new FakeSource();
        level.set(4);
        PvarHandle high = handle(PvarClass.HIGHWATERMARK, MpitDatatype.UNSIGNED_LONG_LONG, level);
        r.pvarStart(s, high);
        level.set(10);
        level.set(6);
        r.pvarReadReset(s, high, v);
        assertThat(v[0]).isEqualTo(10);
        assertThat(readLong(high)).as("reset to the current level").isEqualTo(6);
    }

    @Test
    @DisplayName("MPI_T_PVAR_READRESET \"atomically combines\" read and reset: no event is lost between them "
            + "(here an event happens right after every look at the source)")
    void readResetLosesNoEvent() {
        FakeSource events = new FakeSource();
        events.add(100);
        PvarHandle h = handle(PvarClass.COUNTER, MpitDatatype.UNSIGNED_LONG_LONG, events);
        long atStart = events.get();
        events.afterSample = () -> events.add(1); // an event arrives between any two samples
        r.pvarStart(s, h);
        long sum = 0;
        long[] v = new long[1];
        for (int i = 0; i < 5; i++) {
            r.pvarReadReset(s, h, v);
            sum += v[0];
        }
        r.pvarStop(s, h);
        events.afterSample = () -> {};
        long atStop = events.get() - 1; // the stop's sample, before the event that followed it
        r.pvarRead(s, h, v);
        sum += v[0];
        assertThat(sum)
                .as("every event seen while started is in exactly one read")
                .isEqualTo(atStop - atStart);
    }

    @Test
    @DisplayName("MPI_T_PVAR_READRESET of a watermark is atomic too: a peak reached while it resets is in the value "
            + "read or in the new watermark, never lost")
    void watermarkReadResetLosesNoPeak() {
        FakeSource level = new FakeSource();
        level.set(5);
        PvarHandle h = handle(PvarClass.HIGHWATERMARK, MpitDatatype.UNSIGNED_LONG_LONG, level);
        r.pvarStart(s, h);
        level.afterSample = () -> {
            level.afterSample = () -> {};
            level.set(1000); // a peak right while the read-reset looks at the level ...
            level.set(5); // ... and gone again
        };
        long[] v = new long[1];
        r.pvarReadReset(s, h, v);
        long readValue = v[0];
        long after = readLong(h);
        assertThat(Math.max(readValue, after)).isEqualTo(1000);
    }
}
