package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Scope;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * Long random sequences of calls - valid and invalid indices, handles, sessions and objects, freed
 * and foreign ones, {@code MPI_T_PVAR_ALL_HANDLES}, bad buffers, source events, extra
 * init/finalize pairs and, now and then, a full finalize and reinitialisation - checked against a
 * model of the text. Each call must answer exactly the code the model predicts, and each
 * successful read exactly the model's value. Independently of the model, before and after every
 * call every live handle of every session the call does not name is read: "Any call executed in a
 * session must not influence the results in any other session". A witness session, never named by
 * any call, holds a handle of every variable throughout.
 *
 * <p>The model's readings where the text leaves room (see the section tests): the argument checks
 * run session, then handle, then buffer, then the variable's properties (read-only, atomic,
 * continuous), then the value; a watermark restarted after a stop continues; when the last
 * finalize ends a use, its sessions and handles are gone. Invalid buffers are undefined behaviour in
 * the text; qmpi4j answers {@code MPI_T_ERR_INVALID}, and the model holds it to that.
 *
 * <p>Seeded and reproducible: every run uses two fixed seeds and one new one, printed on failure;
 * {@code -Dqmpi4j.mpit.seed=N} replays one.
 */
// Not null-checked: the model passes null sessions, handles and objects on purpose (the text's
// MPI_T_PVAR_SESSION_NULL and unbound objects), and fills its state during set-up, not in constructors.
@SuppressWarnings("NullAway")
class RandomizedSequenceTest {
    private static final int OPS = 3000;
    private static final int MAX_SESSIONS = 5;
    private static final int MAX_HANDLES = 36; // the witness holds 12
    private static final long SENTINEL = -77;

    @TestFactory
    @DisplayName("Random call sequences only ever give the model's code and value, and never change another session")
    Stream<DynamicTest> randomSequences() {
        List<Long> seeds = new ArrayList<>();
        String replay = System.getProperty("qmpi4j.mpit.seed");
        if (replay != null) {
            seeds.add(Long.parseLong(replay.trim()));
        } else {
            seeds.add(1L);
            seeds.add(20_240_521L);
            seeds.add(new Random().nextLong());
        }
        return seeds.stream()
                .map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
                    Run run = new Run(seed);
                    try {
                        run.execute();
                    } catch (AssertionError | RuntimeException e) {
                        String where =
                                "MPI_T random sequence failed: seed=" + seed + " (replay with -Dqmpi4j.mpit.seed="
                                        + seed + "), operation #" + run.step + ": " + run.current;
                        System.err.println(where);
                        throw new AssertionError(where + "\n" + e.getMessage(), e);
                    }
                }));
    }

    /** How a family of classes keeps its value (Section 14.3.7). */
    private enum Kind {
        ACCUMULATING,
        WATERMARK,
        CURRENT
    }

    /** A registered variable and what the model needs of it. */
    private static final class Var {
        final PvarDefinition def;
        final long[] src; // the model's copy of the source's raw values
        final FakeSource source;
        final Kind kind;
        int index;
        PvarInfo firstInfo;

        Var(PvarDefinition def, long[] src, FakeSource source) {
            this.def = def;
            this.src = src;
            this.source = source;
            PvarClass c = def.info().varClass();
            this.kind = c.accumulates() ? Kind.ACCUMULATING : c.isWatermark() ? Kind.WATERMARK : Kind.CURRENT;
        }

        boolean bound() {
            return def.info().bind() != BindType.NO_OBJECT;
        }
    }

    private static final class S {
        final PvarSession real;
        final String id;
        final boolean witness;
        boolean live = true;
        final List<H> handles = new ArrayList<>();

        S(PvarSession real, String id, boolean witness) {
            this.real = real;
            this.id = id;
            this.witness = witness;
        }
    }

    private static final class H {
        final PvarHandle real;
        final Var v;
        final S session;
        final int count;
        final String id;
        boolean live = true;
        boolean started;
        boolean everStarted;
        final long[] acc;
        final long[] mark;
        final long[] frozen;

        H(PvarHandle real, Var v, S session, int count, String id) {
            this.real = real;
            this.v = v;
            this.session = session;
            this.count = count;
            this.id = id;
            this.acc = new long[count];
            this.mark = new long[count];
            this.frozen = new long[count];
        }

        boolean running() {
            return v.def.info().continuous() || started;
        }

        @Override
        public String toString() {
            return id + "[" + v.def.name() + "/" + v.def.info().varClass() + " n=" + count + (live ? "" : " freed")
                    + "]";
        }
    }

    private static final class CH {
        final CvarHandle real;
        final int var;
        boolean live = true;

        CH(CvarHandle real, int var) {
            this.real = real;
            this.var = var;
        }
    }

    /** A session argument: one the model knows (live or freed), or null / another process's. */
    private static final class SRef {
        final PvarSession real;
        final S model;
        final String desc;

        SRef(PvarSession real, S model, String desc) {
            this.real = real;
            this.model = model;
            this.desc = desc;
        }

        boolean valid() {
            return model != null && model.live;
        }
    }

    /** A handle argument. */
    private static final class HRef {
        final PvarHandle real;
        final H model;
        final String desc;

        HRef(PvarHandle real, H model, String desc) {
            this.real = real;
            this.model = model;
            this.desc = desc;
        }

        boolean all() {
            return real == PvarHandle.ALL_HANDLES;
        }

        boolean validIn(SRef s) {
            return model != null && model.live && model.session == s.model;
        }
    }

    private enum Buf {
        GOOD,
        LONGER,
        SHORT,
        WRONG_TYPE,
        NULL
    }

    /** One random run. */
    private static final class Run {
        final Random rnd;
        final MpitRegistry r = new MpitRegistry((kind, object) -> object instanceof Integer);
        final long[] counts = new long[FakeSource.MAX];
        final long[] levels = new long[FakeSource.MAX];
        final long[] used = new long[FakeSource.MAX];
        final long[] states = new long[FakeSource.MAX];
        final FakeSource countSource = new FakeSource();
        final FakeSource levelSource = new FakeSource();
        final FakeSource usedSource = new FakeSource();
        final FakeSource stateSource = new FakeSource();
        final List<Var> vars = new ArrayList<>();
        final List<S> sessions = new ArrayList<>();
        final List<H> handles = new ArrayList<>();
        final List<CH> cvarHandles = new ArrayList<>();
        EnumType states4;
        int knob = 3;
        int knobIndex;
        int fixedIndex;
        int category;
        int[] categoryPvars;
        int initCount;
        int liveSessions;
        int liveHandles;
        S witness;
        int nextId;
        // Another process's objects.
        PvarSession foreignSession;
        PvarHandle foreignHandle;
        CvarHandle foreignCvarHandle;
        EnumType foreignEnum;
        // For failure messages.
        int step;
        String current = "setup";

        Run(long seed) {
            this.rnd = new Random(seed);
        }

        // ---- setup --------------------------------------------------------------------------------

        void execute() {
            setUp();
            for (step = 1; step <= OPS; step++) {
                oneOperation();
                current = "witness check after " + current;
                checkWitness();
                if (step % 25 == 0) {
                    current = "full value check after " + current.substring("witness check after ".length());
                    checkAllValues();
                }
            }
        }

        private Var define(PvarDefinition.Builder b, long[] src, FakeSource source) {
            Var v = new Var(b.source(source).build(), src, source);
            v.index = r.registerPvar(v.def);
            vars.add(v);
            return v;
        }

        void setUp() {
            levels[0] = 500;
            levels[1] = 300;
            levels[2] = 700;
            used[0] = 500_000_000L;
            for (int i = 0; i < 3; i++) {
                levelSource.set(i, levels[i]);
            }
            usedSource.set(0, used[0]);
            states4 = r.registerEnum(
                    "states", new EnumItem(0, "a"), new EnumItem(1, "b"), new EnumItem(2, "c"), new EnumItem(3, "d"));
            define(
                    PvarDefinition.builder("c_u", PvarClass.COUNTER)
                            .datatype(MpitDatatype.UNSIGNED)
                            .bind(BindType.MPI_COMM),
                    counts,
                    countSource);
            define(PvarDefinition.builder("c_ull", PvarClass.COUNTER).continuous(true), counts, countSource);
            define(
                    PvarDefinition.builder("c_ro", PvarClass.COUNTER)
                            .readonly(true)
                            .atomic(false)
                            .continuous(true),
                    counts,
                    countSource);
            define(
                    PvarDefinition.builder("agg", PvarClass.AGGREGATE)
                            .datatype(MpitDatatype.UNSIGNED)
                            .atomic(false),
                    counts,
                    countSource);
            define(PvarDefinition.builder("t", PvarClass.TIMER), counts, countSource);
            define(PvarDefinition.builder("res", PvarClass.HIGHWATERMARK).bind(BindType.MPI_COMM), levels, levelSource);
            define(
                    PvarDefinition.builder("res", PvarClass.LOWWATERMARK).datatype(MpitDatatype.DOUBLE),
                    levels,
                    levelSource);
            define(PvarDefinition.builder("res", PvarClass.LEVEL).bind(BindType.MPI_COMM), levels, levelSource);
            define(
                    PvarDefinition.builder("cap", PvarClass.SIZE)
                            .datatype(MpitDatatype.UNSIGNED)
                            .continuous(true),
                    levels,
                    levelSource);
            define(
                    PvarDefinition.builder("pct", PvarClass.PERCENTAGE)
                            .unit(1e-9)
                            .continuous(true),
                    used,
                    usedSource);
            define(PvarDefinition.builder("state", PvarClass.STATE).enumType(states4), states, stateSource);
            define(PvarDefinition.builder("gen", PvarClass.GENERIC).datatype(MpitDatatype.COUNT), counts, countSource);
            knobIndex = r.registerCvar(org.qmpi4j.api.mpit.CvarDefinition.builder("knob", MpitDatatype.INT)
                    .source(org.qmpi4j.api.mpit.CvarSources.intValue(() -> knob, v -> knob = v))
                    .build());
            fixedIndex = Mpit.intCvar(r, "fixed", Scope.CONSTANT, 7);
            category = r.registerCategory("all", "");
            for (Var v : vars) {
                r.categoryAddPvar(category, v.index);
            }

            r.initThread(ThreadLevel.SINGLE);
            categoryPvars = r.categoryGetPvars(category);
            initCount = 1;
            r.setMaxSessions(MAX_SESSIONS);
            r.setMaxHandles(MAX_HANDLES);
            for (Var v : vars) {
                v.firstInfo = r.pvarGetInfo(v.index);
            }
            MpitRegistry other = Mpit.initialised();
            int fpv = Mpit.register(other, PvarClass.COUNTER, new FakeSource());
            foreignSession = other.pvarSessionCreate();
            foreignHandle = other.pvarHandleAlloc(foreignSession, fpv, null);
            foreignCvarHandle = other.cvarHandleAlloc(Mpit.intCvar(other, "knob", Scope.LOCAL, 0), null);
            foreignEnum = other.registerEnum("states", new EnumItem(0, "a"));
            createWitness();
        }

        /** The witness: one handle of each variable (bound ones to a 2-element object), every other one started. */
        void createWitness() {
            PvarSession real = r.pvarSessionCreate();
            witness = new S(real, "W", true);
            sessions.add(witness);
            liveSessions++;
            for (int i = 0; i < vars.size() && liveHandles < MAX_HANDLES - 2; i++) {
                Var v = vars.get(i);
                Object object = v.bound() ? Integer.valueOf(2) : null;
                H h = newHandle(witness, v, r.pvarHandleAlloc(real, v.index, object), v.bound() ? 2 : 1);
                if (i % 2 == 0 && !v.def.info().continuous()) {
                    r.pvarStart(real, h.real);
                    start(h);
                }
            }
        }

        H newHandle(S s, Var v, PvarHandle real, int count) {
            H h = new H(real, v, s, count, "h" + (nextId++));
            assertThat(real.count()).as("count of " + h).isEqualTo(count);
            s.handles.add(h);
            handles.add(h);
            liveHandles++;
            allocated(h);
            return h;
        }

        // ---- the model of Section 14.3.7 -----------------------------------------------------------

        void allocated(H h) {
            for (int i = 0; i < h.count; i++) {
                switch (h.v.kind) {
                    case ACCUMULATING:
                        if (h.running()) {
                            h.mark[i] = h.v.src[i];
                        }
                        break;
                    case WATERMARK:
                        h.mark[i] = h.v.src[i];
                        break;
                    default:
                        h.frozen[i] = h.v.src[i];
                }
            }
        }

        void start(H h) {
            if (h.started) {
                return;
            }
            for (int i = 0; i < h.count; i++) {
                if (h.v.kind == Kind.ACCUMULATING) {
                    h.mark[i] = h.v.src[i];
                } else if (h.v.kind == Kind.WATERMARK) {
                    h.mark[i] = h.everStarted ? extreme(h, h.mark[i], h.v.src[i]) : h.v.src[i];
                }
            }
            h.started = true;
            h.everStarted = true;
        }

        void stop(H h) {
            if (!h.started) {
                return;
            }
            for (int i = 0; i < h.count; i++) {
                if (h.v.kind == Kind.ACCUMULATING) {
                    h.acc[i] += h.v.src[i] - h.mark[i];
                } else if (h.v.kind == Kind.CURRENT) {
                    h.frozen[i] = h.v.src[i];
                }
            }
            h.started = false;
        }

        long[] raw(H h) {
            long[] out = new long[h.count];
            for (int i = 0; i < h.count; i++) {
                switch (h.v.kind) {
                    case ACCUMULATING:
                        out[i] = h.running() ? h.acc[i] + (h.v.src[i] - h.mark[i]) : h.acc[i];
                        break;
                    case WATERMARK:
                        out[i] = h.mark[i];
                        break;
                    default:
                        out[i] = h.running() ? h.v.src[i] : h.frozen[i];
                }
            }
            return out;
        }

        void write(H h, long[] raw) {
            for (int i = 0; i < h.count; i++) {
                if (h.v.kind == Kind.ACCUMULATING) {
                    h.acc[i] = raw[i];
                    if (h.running()) {
                        h.mark[i] = h.v.src[i];
                    }
                } else {
                    h.mark[i] = raw[i];
                }
            }
        }

        void reset(H h) {
            for (int i = 0; i < h.count; i++) {
                if (h.v.kind == Kind.ACCUMULATING) {
                    h.acc[i] = 0;
                    if (h.running()) {
                        h.mark[i] = h.v.src[i];
                    }
                } else {
                    h.mark[i] = h.v.src[i];
                }
            }
        }

        static long extreme(H h, long a, long b) {
            return h.v.def.info().varClass() == PvarClass.HIGHWATERMARK ? Math.max(a, b) : Math.min(a, b);
        }

        /** A level changes: running watermarks of that source see it. */
        void levelEvent(long[] model, FakeSource source, int element, long value) {
            model[element] = value;
            source.set(element, value);
            for (H h : handles) {
                if (h.live && h.v.src == model && h.v.kind == Kind.WATERMARK && h.running() && element < h.count) {
                    h.mark[element] = extreme(h, h.mark[element], value);
                }
            }
        }

        /** What a buffer of the variable's datatype holds for raw values (the class's range rules). */
        static double[] expected(H h, long[] raw) {
            PvarClass c = h.v.def.info().varClass();
            double[] out = new double[raw.length];
            for (int i = 0; i < raw.length; i++) {
                switch (h.v.def.info().datatype()) {
                    case INT:
                        out[i] = (int) raw[i];
                        break;
                    case UNSIGNED:
                        long u = c.canOverflow() || c == PvarClass.GENERIC
                                ? raw[i]
                                : Math.max(0, Math.min(0xFFFF_FFFFL, raw[i]));
                        out[i] = Integer.toUnsignedLong((int) u);
                        break;
                    case DOUBLE:
                        double d = raw[i] * h.v.def.unit();
                        if (c == PvarClass.PERCENTAGE) {
                            d = Math.min(1.0, d);
                        }
                        out[i] = c == PvarClass.GENERIC ? d : Math.max(0.0, d);
                        break;
                    default:
                        out[i] = raw[i]; // compared as longs below
                }
            }
            return out;
        }

        /** The buffer's first {@code n} values, unsigned where the datatype is. */
        static double[] values(MpitDatatype type, Object buffer, int n) {
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                if (buffer instanceof int[]) {
                    int v = ((int[]) buffer)[i];
                    out[i] = type == MpitDatatype.UNSIGNED ? Integer.toUnsignedLong(v) : v;
                } else if (buffer instanceof long[]) {
                    out[i] = ((long[]) buffer)[i];
                } else {
                    out[i] = ((double[]) buffer)[i];
                }
            }
            return out;
        }

        void assertValue(H h, Object buffer, long[] raw) {
            MpitDatatype type = h.v.def.info().datatype();
            if (buffer instanceof long[]) {
                assertThat(Arrays.copyOf((long[]) buffer, h.count))
                        .as("value of " + h)
                        .containsExactly(raw);
            } else {
                double[] expected = expected(h, raw);
                double[] actual = values(type, buffer, h.count);
                for (int i = 0; i < h.count; i++) {
                    assertThat(actual[i])
                            .as("value of " + h + " element " + i)
                            .isCloseTo(
                                    expected[i],
                                    org.assertj.core.api.Assertions.within(1e-9 * Math.max(1, Math.abs(expected[i]))));
                }
            }
            int length = java.lang.reflect.Array.getLength(buffer);
            for (int i = h.count; i < length; i++) {
                assertThat(values(type, buffer, length)[i])
                        .as("element past count untouched")
                        .isEqualTo(
                                type == MpitDatatype.UNSIGNED
                                        ? Integer.toUnsignedLong((int) SENTINEL)
                                        : (double) SENTINEL);
            }
        }

        // ---- checks -------------------------------------------------------------------------------

        void expect(ReturnCode expected, Mpit.Call call) {
            ReturnCode actual = Mpit.codeOf(call);
            assertThat(actual).as(current).isEqualTo(expected);
        }

        Object goodBuffer(H h) {
            return h.v.def.info().datatype().newBuffer(h.count);
        }

        /** Reads a live handle (a good buffer) and returns what it holds, for comparisons. */
        double[] readNow(H h) {
            Object b = goodBuffer(h);
            r.pvarRead(h.session.real, h.real, b);
            return values(h.v.def.info().datatype(), b, h.count);
        }

        void checkWitness() {
            for (H h : witness.handles) {
                if (h.live) {
                    Object b = goodBuffer(h);
                    r.pvarRead(witness.real, h.real, b);
                    assertValue(h, b, raw(h));
                }
            }
        }

        void checkAllValues() {
            for (H h : handles) {
                if (h.live) {
                    Object b = goodBuffer(h);
                    r.pvarRead(h.session.real, h.real, b);
                    assertValue(h, b, raw(h));
                }
            }
        }

        /** Values of every live handle outside {@code target}, to compare before and after a call. */
        List<double[]> others(S target) {
            List<double[]> out = new ArrayList<>();
            for (H h : handles) {
                if (h.live && h.session != target) {
                    out.add(readNow(h));
                }
            }
            return out;
        }

        void isolated(S target, Runnable op) {
            List<double[]> before = others(target);
            op.run();
            List<double[]> after = others(target);
            assertThat(after).as("other sessions' values after " + current).hasSameSizeAs(before);
            for (int i = 0; i < before.size(); i++) {
                assertThat(after.get(i))
                        .as("another session's handle changed by " + current)
                        .containsExactly(before.get(i));
            }
        }

        // ---- random arguments ---------------------------------------------------------------------

        <T> T any(List<T> list) {
            return list.get(rnd.nextInt(list.size()));
        }

        SRef pickSession() {
            return pickSession(false);
        }

        /** A session argument; for calls on handles, preferably a live session that has some. */
        SRef pickSession(boolean forHandles) {
            int k = rnd.nextInt(100);
            List<S> live = new ArrayList<>();
            List<S> withHandles = new ArrayList<>();
            List<S> known = new ArrayList<>();
            for (S s : sessions) {
                if (!s.witness) {
                    known.add(s);
                    if (s.live) {
                        live.add(s);
                        if (s.handles.stream().anyMatch(h -> h.live)) {
                            withHandles.add(s);
                        }
                    }
                }
            }
            if (forHandles && k < 85 && !withHandles.isEmpty()) {
                S s = any(withHandles);
                return new SRef(s.real, s, s.id);
            }
            if (k < 85 && !live.isEmpty()) {
                S s = any(live);
                return new SRef(s.real, s, s.id);
            }
            if (k < 93 && !known.isEmpty()) {
                S s = any(known);
                return new SRef(s.real, s, s.id + (s.live ? "" : "(freed)"));
            }
            if (k < 97) {
                return new SRef(null, null, "MPI_T_PVAR_SESSION_NULL");
            }
            return new SRef(foreignSession, null, "foreign session");
        }

        HRef pickHandle(SRef s) {
            int k = rnd.nextInt(100);
            List<H> own = new ArrayList<>();
            List<H> live = new ArrayList<>();
            List<H> dead = new ArrayList<>();
            for (H h : handles) {
                if (h.live) {
                    live.add(h);
                    if (h.session == s.model) {
                        own.add(h);
                    }
                } else {
                    dead.add(h);
                }
            }
            if (k < 70 && !own.isEmpty()) {
                H h = any(own);
                return new HRef(h.real, h, h.toString());
            }
            if (k < 78 && !live.isEmpty()) {
                H h = any(live);
                return new HRef(h.real, h, h + " of " + h.session.id);
            }
            if (k < 84 && !dead.isEmpty()) {
                H h = any(dead);
                return new HRef(h.real, h, h.toString());
            }
            if (k < 92) {
                return new HRef(PvarHandle.ALL_HANDLES, null, "MPI_T_PVAR_ALL_HANDLES");
            }
            if (k < 96) {
                return new HRef(null, null, "MPI_T_PVAR_HANDLE_NULL");
            }
            return new HRef(foreignHandle, null, "foreign handle");
        }

        Buf pickBuf() {
            int k = rnd.nextInt(100);
            return k < 75 ? Buf.GOOD : k < 85 ? Buf.LONGER : k < 90 ? Buf.SHORT : k < 95 ? Buf.WRONG_TYPE : Buf.NULL;
        }

        /** A buffer for the handle (or a guess when the handle is not a live one of the model). */
        Object buffer(HRef h, Buf kind) {
            MpitDatatype type = h.model != null ? h.model.v.def.info().datatype() : MpitDatatype.UNSIGNED_LONG_LONG;
            int count = h.model != null ? h.model.count : 1;
            switch (kind) {
                case GOOD:
                    return type.newBuffer(count);
                case LONGER: {
                    Object b = type.newBuffer(count + 2);
                    for (int i = 0; i < count + 2; i++) {
                        if (b instanceof int[]) {
                            ((int[]) b)[i] = (int) SENTINEL;
                        } else if (b instanceof long[]) {
                            ((long[]) b)[i] = SENTINEL;
                        } else {
                            ((double[]) b)[i] = SENTINEL;
                        }
                    }
                    return b;
                }
                case SHORT:
                    return type.newBuffer(count - 1);
                case WRONG_TYPE:
                    return type.bufferType() == double[].class ? new long[count] : new double[count];
                default:
                    return null;
            }
        }

        static boolean bad(Buf b) {
            return b == Buf.SHORT || b == Buf.WRONG_TYPE || b == Buf.NULL;
        }

        // ---- operations ---------------------------------------------------------------------------

        /** One call, chosen with weights out of 1000 (a full finalize about twice per run). */
        void oneOperation() {
            int k = rnd.nextInt(1000);
            if ((k -= 150) < 0) {
                sourceEvent();
            } else if ((k -= 60) < 0) {
                sessionCreate();
            } else if ((k -= 25) < 0) {
                sessionFree();
            } else if ((k -= 110) < 0) {
                handleAlloc();
            } else if ((k -= 40) < 0) {
                handleFree();
            } else if ((k -= 160) < 0) {
                startStop(rnd.nextBoolean());
            } else if ((k -= 130) < 0) {
                read();
            } else if ((k -= 70) < 0) {
                write();
            } else if ((k -= 60) < 0) {
                reset();
            } else if ((k -= 70) < 0) {
                readReset();
            } else if ((k -= 30) < 0) {
                queries();
            } else if ((k -= 40) < 0) {
                cvarOperation();
            } else if ((k -= 20) < 0) {
                enumAndCategory();
            } else if ((k -= 33) < 0) {
                initOrFinalize();
            } else {
                finalizeAllAndReinitialise();
            }
        }

        void sourceEvent() {
            int k = rnd.nextInt(4);
            int element = rnd.nextInt(3);
            if (k == 0) {
                long delta;
                int kind = rnd.nextInt(20);
                delta = kind < 16
                        ? rnd.nextInt(1000)
                        : kind < 19 ? rnd.nextInt(1 << 30) * 4L : (1L << 32) - rnd.nextInt(10);
                current = "counter source element " + element + " += " + delta;
                counts[element] += delta;
                countSource.add(element, delta);
            } else if (k == 1) {
                long value = rnd.nextInt(1001);
                current = "level source element " + element + " = " + value;
                levelEvent(levels, levelSource, element, value);
            } else if (k == 2) {
                long value = -200_000_000L + (long) (rnd.nextDouble() * 1_500_000_000L);
                current = "percentage source = " + value;
                levelEvent(used, usedSource, 0, value);
            } else {
                long value = rnd.nextInt(4);
                current = "state source = " + value;
                levelEvent(states, stateSource, 0, value);
            }
        }

        void sessionCreate() {
            current = "MPI_T_PVAR_SESSION_CREATE (" + liveSessions + " live)";
            PvarSession[] out = new PvarSession[1];
            ReturnCode code = liveSessions >= MAX_SESSIONS ? ReturnCode.MPI_T_ERR_OUT_OF_SESSIONS : ReturnCode.SUCCESS;
            isolated(null, () -> expect(code, () -> out[0] = r.pvarSessionCreate()));
            if (code == ReturnCode.SUCCESS) {
                sessions.add(new S(out[0], "s" + (nextId++), false));
                liveSessions++;
            }
        }

        void sessionFree() {
            SRef s = pickSession();
            current = "MPI_T_PVAR_SESSION_FREE(" + s.desc + ")";
            ReturnCode code = s.valid() ? ReturnCode.SUCCESS : ReturnCode.MPI_T_ERR_INVALID_SESSION;
            isolated(s.model, () -> expect(code, () -> r.pvarSessionFree(s.real)));
            if (code == ReturnCode.SUCCESS) {
                s.model.live = false;
                liveSessions--;
                for (H h : s.model.handles) {
                    if (h.live) {
                        h.live = false;
                        liveHandles--;
                    }
                }
            }
        }

        void handleAlloc() {
            SRef s = pickSession();
            int index;
            int k = rnd.nextInt(100);
            if (k < 90) {
                index = rnd.nextInt(vars.size());
            } else {
                index = k < 94 ? -1 : k < 97 ? vars.size() : vars.size() + 7;
            }
            Object object;
            int o = rnd.nextInt(10);
            object = o < 8 ? Integer.valueOf(1 + rnd.nextInt(3)) : o < 9 ? null : "not an MPI object";
            current = "MPI_T_PVAR_HANDLE_ALLOC(" + s.desc + ", " + index + ", " + object + ") with " + liveHandles
                    + " handles";
            ReturnCode code;
            Var v = index >= 0 && index < vars.size() ? vars.get(index) : null;
            if (!s.valid()) {
                code = ReturnCode.MPI_T_ERR_INVALID_SESSION;
            } else if (v == null) {
                code = ReturnCode.MPI_T_ERR_INVALID_INDEX;
            } else if (v.bound() && !(object instanceof Integer)) {
                code = ReturnCode.MPI_T_ERR_INVALID;
            } else if (liveHandles >= MAX_HANDLES) {
                code = ReturnCode.MPI_T_ERR_OUT_OF_HANDLES;
            } else {
                code = ReturnCode.SUCCESS;
            }
            PvarHandle[] out = new PvarHandle[1];
            int idx = index;
            isolated(s.model, () -> expect(code, () -> out[0] = r.pvarHandleAlloc(s.real, idx, object)));
            if (code == ReturnCode.SUCCESS) {
                newHandle(s.model, v, out[0], v.bound() ? (Integer) object : 1);
            }
        }

        void handleFree() {
            SRef s = pickSession(true);
            HRef h = pickHandle(s);
            current = "MPI_T_PVAR_HANDLE_FREE(" + s.desc + ", " + h.desc + ")";
            ReturnCode code = !s.valid()
                    ? ReturnCode.MPI_T_ERR_INVALID_SESSION
                    : h.all() || !h.validIn(s) ? ReturnCode.MPI_T_ERR_INVALID_HANDLE : ReturnCode.SUCCESS;
            isolated(s.model, () -> expect(code, () -> r.pvarHandleFree(s.real, h.real)));
            if (code == ReturnCode.SUCCESS) {
                h.model.live = false;
                liveHandles--;
            }
        }

        void startStop(boolean start) {
            SRef s = pickSession(true);
            HRef h = pickHandle(s);
            current = (start ? "MPI_T_PVAR_START(" : "MPI_T_PVAR_STOP(") + s.desc + ", " + h.desc + ")";
            ReturnCode code;
            if (!s.valid()) {
                code = ReturnCode.MPI_T_ERR_INVALID_SESSION;
            } else if (h.all()) {
                code = ReturnCode.SUCCESS; // continuous ones and those already in that state are ignored
            } else if (!h.validIn(s)) {
                code = ReturnCode.MPI_T_ERR_INVALID_HANDLE;
            } else if (h.model.v.def.info().continuous()) {
                code = ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP;
            } else {
                code = ReturnCode.SUCCESS;
            }
            isolated(
                    s.model,
                    () -> expect(code, () -> {
                        if (start) {
                            r.pvarStart(s.real, h.real);
                        } else {
                            r.pvarStop(s.real, h.real);
                        }
                    }));
            if (code == ReturnCode.SUCCESS) {
                for (H target : h.all() ? s.model.handles : List.of(h.model)) {
                    if (target.live && !target.v.def.info().continuous()) {
                        if (start) {
                            start(target);
                        } else {
                            stop(target);
                        }
                    }
                }
            }
        }

        void read() {
            SRef s = pickSession(true);
            HRef h = pickHandle(s);
            Buf kind = pickBuf();
            Object buffer = buffer(h, kind);
            current = "MPI_T_PVAR_READ(" + s.desc + ", " + h.desc + ", " + kind + ")";
            ReturnCode code = !s.valid()
                    ? ReturnCode.MPI_T_ERR_INVALID_SESSION
                    : h.all() || !h.validIn(s)
                            ? ReturnCode.MPI_T_ERR_INVALID_HANDLE
                            : bad(kind) ? ReturnCode.MPI_T_ERR_INVALID : ReturnCode.SUCCESS;
            isolated(s.model, () -> expect(code, () -> r.pvarRead(s.real, h.real, buffer)));
            if (code == ReturnCode.SUCCESS) {
                assertValue(h.model, buffer, raw(h.model));
            }
        }

        void write() {
            SRef s = pickSession(true);
            HRef h = pickHandle(s);
            Buf kind = pickBuf();
            Object buffer = buffer(h, kind);
            long[] raw = null;
            boolean negative = false;
            if (h.model != null && !bad(kind)) {
                raw = new long[h.model.count];
                for (int i = 0; i < h.model.count; i++) {
                    switch (h.model.v.def.info().datatype()) {
                        case UNSIGNED:
                        case INT: {
                            int x = rnd.nextInt();
                            ((int[]) buffer)[i] = x;
                            raw[i] = h.model.v.def.info().datatype() == MpitDatatype.UNSIGNED
                                    ? Integer.toUnsignedLong(x)
                                    : x;
                            break;
                        }
                        case DOUBLE: {
                            double unit = h.model.v.def.unit();
                            double x = unit < 1 ? rnd.nextInt(100_000) / 1000.0 : rnd.nextInt(2000);
                            if (rnd.nextInt(10) == 0) {
                                x = -1.5;
                                negative = true;
                            }
                            ((double[]) buffer)[i] = x;
                            raw[i] = Math.round(x / unit);
                            break;
                        }
                        default: {
                            long x = rnd.nextInt(3) == 0 ? rnd.nextLong() : rnd.nextInt(1_000_000);
                            ((long[]) buffer)[i] = x;
                            raw[i] = x;
                        }
                    }
                }
            }
            current = "MPI_T_PVAR_WRITE(" + s.desc + ", " + h.desc + ", " + kind + " " + Arrays.toString(raw) + ")";
            ReturnCode code = !s.valid()
                    ? ReturnCode.MPI_T_ERR_INVALID_SESSION
                    : h.all() || !h.validIn(s)
                            ? ReturnCode.MPI_T_ERR_INVALID_HANDLE
                            : bad(kind)
                                    ? ReturnCode.MPI_T_ERR_INVALID
                                    : h.model.v.def.info().readonly()
                                            ? ReturnCode.MPI_T_ERR_PVAR_NO_WRITE
                                            : negative ? ReturnCode.MPI_T_ERR_INVALID : ReturnCode.SUCCESS;
            isolated(s.model, () -> expect(code, () -> r.pvarWrite(s.real, h.real, buffer)));
            if (code == ReturnCode.SUCCESS) {
                write(h.model, raw);
            }
        }

        void reset() {
            SRef s = pickSession(true);
            HRef h = pickHandle(s);
            current = "MPI_T_PVAR_RESET(" + s.desc + ", " + h.desc + ")";
            ReturnCode code = !s.valid()
                    ? ReturnCode.MPI_T_ERR_INVALID_SESSION
                    : h.all()
                            ? ReturnCode.SUCCESS // read-only ones are ignored
                            : !h.validIn(s)
                                    ? ReturnCode.MPI_T_ERR_INVALID_HANDLE
                                    : h.model.v.def.info().readonly()
                                            ? ReturnCode.MPI_T_ERR_PVAR_NO_WRITE
                                            : ReturnCode.SUCCESS;
            isolated(s.model, () -> expect(code, () -> r.pvarReset(s.real, h.real)));
            if (code == ReturnCode.SUCCESS) {
                for (H target : h.all() ? s.model.handles : List.of(h.model)) {
                    if (target.live && !target.v.def.info().readonly()) {
                        reset(target);
                    }
                }
            }
        }

        void readReset() {
            SRef s = pickSession(true);
            HRef h = pickHandle(s);
            Buf kind = pickBuf();
            Object buffer = buffer(h, kind);
            current = "MPI_T_PVAR_READRESET(" + s.desc + ", " + h.desc + ", " + kind + ")";
            ReturnCode code = !s.valid()
                    ? ReturnCode.MPI_T_ERR_INVALID_SESSION
                    : h.all() || !h.validIn(s)
                            ? ReturnCode.MPI_T_ERR_INVALID_HANDLE
                            : bad(kind)
                                    ? ReturnCode.MPI_T_ERR_INVALID
                                    : !h.model.v.def.info().atomic()
                                            ? ReturnCode.MPI_T_ERR_PVAR_NO_ATOMIC
                                            : ReturnCode.SUCCESS;
            isolated(s.model, () -> expect(code, () -> r.pvarReadReset(s.real, h.real, buffer)));
            if (code == ReturnCode.SUCCESS) {
                assertValue(h.model, buffer, raw(h.model));
                reset(h.model);
            }
        }

        /** Get-info and get-index: valid and invalid indices and names; the same index always tells the same. */
        void queries() {
            int index = rnd.nextInt(vars.size() + 4) - 2;
            current = "MPI_T_PVAR_GET_INFO(" + index + ")";
            isolated(null, () -> {
                if (index < 0 || index >= vars.size()) {
                    expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.pvarGetInfo(index));
                } else {
                    PvarInfo now = r.pvarGetInfo(index);
                    PvarInfo first = vars.get(index).firstInfo;
                    assertThat(now.name()).isEqualTo(first.name());
                    assertThat(now.varClass()).isEqualTo(first.varClass());
                    assertThat(now.datatype()).isEqualTo(first.datatype());
                    assertThat(now.verbosity()).isEqualTo(first.verbosity());
                    assertThat(now.enumType()).isSameAs(first.enumType());
                    assertThat(now.description()).isEqualTo(first.description());
                    assertThat(now.bind()).isEqualTo(first.bind());
                    assertThat(now.readonly()).isEqualTo(first.readonly());
                    assertThat(now.continuous()).isEqualTo(first.continuous());
                    assertThat(now.atomic()).isEqualTo(first.atomic());
                }
                assertThat(r.pvarGetNum()).isEqualTo(vars.size());
                String[] names = {"c_u", "res", "state", "cap", "nope", "RES"};
                String name = names[rnd.nextInt(names.length)];
                PvarClass c = PvarClass.values()[rnd.nextInt(PvarClass.values().length)];
                current = "MPI_T_PVAR_GET_INDEX(" + name + ", " + c + ")";
                Var match = null;
                for (Var v : vars) {
                    if (v.def.name().equals(name) && v.def.info().varClass() == c) {
                        match = v;
                    }
                }
                if (match == null) {
                    expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.pvarGetIndex(name, c));
                } else {
                    assertThat(r.pvarGetIndex(name, c)).isEqualTo(match.index);
                }
            });
        }

        void cvarOperation() {
            int op = rnd.nextInt(4);
            List<CH> live = new ArrayList<>();
            for (CH h : cvarHandles) {
                if (h.live) {
                    live.add(h);
                }
            }
            if (op == 0) {
                int k = rnd.nextInt(10);
                int index = k < 5 ? knobIndex : k < 8 ? fixedIndex : k < 9 ? -1 : 2;
                current = "MPI_T_CVAR_HANDLE_ALLOC(" + index + ") with " + liveHandles + " handles";
                ReturnCode code = index != knobIndex && index != fixedIndex
                        ? ReturnCode.MPI_T_ERR_INVALID_INDEX
                        : liveHandles >= MAX_HANDLES ? ReturnCode.MPI_T_ERR_OUT_OF_HANDLES : ReturnCode.SUCCESS;
                CvarHandle[] out = new CvarHandle[1];
                isolated(null, () -> expect(code, () -> out[0] = r.cvarHandleAlloc(index, "ignored")));
                if (code == ReturnCode.SUCCESS) {
                    cvarHandles.add(new CH(out[0], index));
                    liveHandles++;
                }
                return;
            }
            // Pick a handle: live, freed, null or another process's.
            int k = rnd.nextInt(10);
            CH h = k < 7 && !live.isEmpty() ? any(live) : k < 8 && !cvarHandles.isEmpty() ? any(cvarHandles) : null;
            CvarHandle real = h != null ? h.real : k == 9 ? foreignCvarHandle : null;
            boolean valid = h != null && h.live;
            if (op == 1) {
                current = "MPI_T_CVAR_HANDLE_FREE";
                ReturnCode code = valid ? ReturnCode.SUCCESS : ReturnCode.MPI_T_ERR_INVALID_HANDLE;
                isolated(null, () -> expect(code, () -> r.cvarHandleFree(real)));
                if (valid) {
                    h.live = false;
                    liveHandles--;
                }
                return;
            }
            int b = rnd.nextInt(10);
            Object buffer = b < 7 ? new int[1] : b < 8 ? new long[1] : b < 9 ? new int[0] : null;
            boolean goodBuffer = b < 7;
            if (op == 2) {
                current = "MPI_T_CVAR_READ";
                ReturnCode code = !valid
                        ? ReturnCode.MPI_T_ERR_INVALID_HANDLE
                        : goodBuffer ? ReturnCode.SUCCESS : ReturnCode.MPI_T_ERR_INVALID;
                isolated(null, () -> expect(code, () -> r.cvarRead(real, buffer)));
                if (code == ReturnCode.SUCCESS) {
                    assertThat(((int[]) buffer)[0]).isEqualTo(h.var == knobIndex ? knob : 7);
                }
            } else {
                int value = rnd.nextInt(100);
                if (goodBuffer) {
                    ((int[]) buffer)[0] = value;
                }
                current = "MPI_T_CVAR_WRITE(" + value + ")";
                ReturnCode code = !valid
                        ? ReturnCode.MPI_T_ERR_INVALID_HANDLE
                        : !goodBuffer
                                ? ReturnCode.MPI_T_ERR_INVALID
                                : h.var == fixedIndex ? ReturnCode.MPI_T_ERR_CVAR_SET_NEVER : ReturnCode.SUCCESS;
                int before = knob;
                isolated(null, () -> expect(code, () -> r.cvarWrite(real, buffer)));
                assertThat(knob).isEqualTo(code == ReturnCode.SUCCESS ? value : before);
            }
        }

        void enumAndCategory() {
            int item = rnd.nextInt(6) - 1;
            current = "MPI_T_ENUM_GET_ITEM(states, " + item + ")";
            isolated(null, () -> {
                expect(
                        item >= 0 && item < 4 ? ReturnCode.SUCCESS : ReturnCode.MPI_T_ERR_INVALID_ITEM,
                        () -> r.enumGetItem(states4, item));
                EnumType e = rnd.nextBoolean() ? null : foreignEnum;
                current = "MPI_T_ENUM_GET_INFO(" + e + ")";
                expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.enumGetInfo(e));
                int cat = rnd.nextInt(4) - 1;
                current = "MPI_T_CATEGORY_GET_PVARS(" + cat + ")";
                if (cat == category) {
                    assertThat(r.categoryGetPvars(cat)).containsExactly(categoryPvars);
                } else {
                    expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryGetPvars(cat));
                }
            });
        }

        /** An extra user initialises, or one of the extra users finalises: the interface stays initialised. */
        void initOrFinalize() {
            if (initCount > 1 && rnd.nextBoolean()) {
                current = "MPI_T_FINALIZE with " + initCount + " users";
                isolated(null, () -> expect(ReturnCode.SUCCESS, r::finalizeInterface));
                initCount--;
            } else {
                current = "MPI_T_INIT_THREAD with " + initCount + " users";
                isolated(null, () -> expect(ReturnCode.SUCCESS, () -> r.initThread(ThreadLevel.MULTIPLE)));
                initCount++;
            }
        }

        /** Every user finalises: nothing works until reinitialised, and nothing of the old use survives. */
        void finalizeAllAndReinitialise() {
            current = "MPI_T_FINALIZE x" + initCount;
            while (initCount > 0) {
                expect(ReturnCode.SUCCESS, r::finalizeInterface);
                initCount--;
            }
            H some = null;
            for (H h : handles) {
                if (h.live) {
                    some = h;
                }
            }
            H old = some;
            current = "routines after the last MPI_T_FINALIZE";
            expect(ReturnCode.MPI_T_ERR_NOT_INITIALIZED, r::finalizeInterface);
            expect(ReturnCode.MPI_T_ERR_NOT_INITIALIZED, r::pvarSessionCreate);
            expect(ReturnCode.MPI_T_ERR_NOT_INITIALIZED, () -> r.pvarRead(old.session.real, old.real, goodBuffer(old)));
            expect(ReturnCode.MPI_T_ERR_NOT_INITIALIZED, () -> r.cvarHandleAlloc(knobIndex, null));
            current = "MPI_T_INIT_THREAD after the last MPI_T_FINALIZE";
            expect(ReturnCode.SUCCESS, () -> r.initThread(ThreadLevel.SINGLE));
            initCount = 1;
            expect(ReturnCode.MPI_T_ERR_INVALID_SESSION, () -> r.pvarRead(old.session.real, old.real, goodBuffer(old)));
            for (S s : sessions) {
                s.live = false;
            }
            for (H h : handles) {
                h.live = false;
            }
            for (CH h : cvarHandles) {
                h.live = false;
            }
            liveSessions = 0;
            liveHandles = 0;
            createWitness();
        }
    }
}
