package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CvarCell;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.CvarInfo;
import org.qmpi4j.api.mpit.CvarSources;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Scope;
import org.qmpi4j.api.mpit.Verbosity;

/**
 * MPI 4.0 Section 14.3.6, Control Variables (and 14.3.1 verbosity, 14.3.2 binding to objects,
 * which the routines of this section exercise first).
 */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section14_3_6_ControlVariablesTest {
    private final MpitRegistry r = Mpit.initialisedWithIntegerObjects();

    /** A control variable that remembers what was written and what the registry did with its cells. */
    private static final class Setting {
        int value;
        final AtomicInteger writes = new AtomicInteger();
        final AtomicInteger freed = new AtomicInteger();
        volatile MpitException refuse;

        CvarDefinition.Builder builder(String name) {
            return CvarDefinition.builder(name, MpitDatatype.INT).source(object -> new CvarCell() {
                @Override
                public int count() {
                    return 1;
                }

                @Override
                public Object read() {
                    return new int[] {value};
                }

                @Override
                public void write(Object v) {
                    writes.incrementAndGet();
                    if (refuse != null) {
                        throw refuse;
                    }
                    value = ((int[]) v)[0];
                }

                @Override
                public void free() {
                    freed.incrementAndGet();
                }
            });
        }
    }

    @Test
    @DisplayName("Table 14.1: verbosity constants are \"monotonic in the order listed\"; Table 14.4 lists seven scopes")
    void verbosityAndScopeConstants() {
        assertThat(Verbosity.values())
                .containsExactly(
                        Verbosity.USER_BASIC,
                        Verbosity.USER_DETAIL,
                        Verbosity.USER_ALL,
                        Verbosity.TUNER_BASIC,
                        Verbosity.TUNER_DETAIL,
                        Verbosity.TUNER_ALL,
                        Verbosity.MPIDEV_BASIC,
                        Verbosity.MPIDEV_DETAIL,
                        Verbosity.MPIDEV_ALL);
        assertThat(Scope.values())
                .containsExactly(
                        Scope.CONSTANT,
                        Scope.READONLY,
                        Scope.LOCAL,
                        Scope.GROUP,
                        Scope.GROUP_EQ,
                        Scope.ALL,
                        Scope.ALL_EQ);
        assertThat(BindType.values())
                .as("Table 14.2")
                .containsExactly(
                        BindType.NO_OBJECT,
                        BindType.MPI_COMM,
                        BindType.MPI_DATATYPE,
                        BindType.MPI_ERRHANDLER,
                        BindType.MPI_FILE,
                        BindType.MPI_GROUP,
                        BindType.MPI_OP,
                        BindType.MPI_REQUEST,
                        BindType.MPI_WIN,
                        BindType.MPI_MESSAGE,
                        BindType.MPI_INFO);
    }

    @Test
    @DisplayName("\"indexed from 0 to N - 1\"; other indices answer MPI_T_ERR_INVALID_INDEX")
    void indices() {
        assertThat(r.cvarGetNum()).isZero();
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.cvarGetInfo(0));
        int a = Mpit.intCvar(r, "a", Scope.LOCAL, 1);
        int b = Mpit.intCvar(r, "b", Scope.LOCAL, 2);
        assertThat(a).isEqualTo(0);
        assertThat(b).isEqualTo(1);
        assertThat(r.cvarGetNum()).isEqualTo(2);
        for (int bad : new int[] {-1, 2, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.cvarGetInfo(bad));
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.cvarHandleAlloc(bad, null));
        }
    }

    @Test
    @DisplayName("\"subsequent calls to this routine that query information about the same variable must return the "
            + "same information\", also after more variables are added")
    void getInfoNeverChanges() {
        int cv = r.registerCvar(new Setting()
                .builder("eager_limit")
                .verbosity(Verbosity.TUNER_DETAIL)
                .scope(Scope.ALL_EQ)
                .bind(BindType.MPI_COMM)
                .description("Eager limit; same value everywhere")
                .build());
        CvarInfo first = r.cvarGetInfo(cv);
        for (int i = 0; i < 20; i++) {
            Mpit.intCvar(r, Mpit.name("more"), Scope.LOCAL, i);
        }
        CvarInfo later = r.cvarGetInfo(cv);
        assertThat(later.name()).isEqualTo("eager_limit").isEqualTo(first.name());
        assertThat(later.verbosity()).isEqualTo(Verbosity.TUNER_DETAIL).isEqualTo(first.verbosity());
        assertThat(later.datatype()).isEqualTo(MpitDatatype.INT).isEqualTo(first.datatype());
        assertThat(later.enumType()).isNull();
        assertThat(later.description()).isEqualTo(first.description());
        assertThat(later.bind()).isEqualTo(BindType.MPI_COMM).isEqualTo(first.bind());
        assertThat(later.scope()).isEqualTo(Scope.ALL_EQ).isEqualTo(first.scope());
        assertThat(r.cvarGetIndex("eager_limit")).isEqualTo(cv);
    }

    @Test
    @DisplayName("\"required to return a name of at least length one\"; \"The name must be unique\"; "
            + "MPI_T_CVAR_GET_INDEX answers MPI_T_ERR_INVALID_NAME for an unknown name")
    void names() {
        int a = Mpit.intCvar(r, "a", Scope.LOCAL, 1);
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> Mpit.intCvar(r, "a", Scope.CONSTANT, 2));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> Mpit.intCvar(r, "", Scope.LOCAL, 2));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> Mpit.intCvar(r, null, Scope.LOCAL, 2));
        assertThat(r.cvarGetNum())
                .as("nothing was added by the failed registrations")
                .isEqualTo(1);
        assertThat(r.cvarGetIndex("a")).isEqualTo(a);
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.cvarGetIndex("b"));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.cvarGetIndex("A"));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.cvarGetIndex(""));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.cvarGetIndex(null));
    }

    @Test
    @DisplayName("\"Returning a description is optional\": no description reads as the empty string")
    void optionalDescription() {
        int a = Mpit.intCvar(r, "a", Scope.LOCAL, 1);
        assertThat(r.cvarGetInfo(a).description()).isEmpty();
    }

    @Test
    @DisplayName("MPI_T_SCOPE_CONSTANT \"read-only, value is constant\" and MPI_T_SCOPE_READONLY \"read-only, cannot "
            + "be written\": writes answer MPI_T_ERR_CVAR_SET_NEVER and never reach the variable")
    void readOnlyScopes() {
        for (Scope scope : new Scope[] {Scope.CONSTANT, Scope.READONLY}) {
            Setting setting = new Setting();
            setting.value = 42;
            int cv = r.registerCvar(setting.builder("ro_" + scope).scope(scope).build());
            CvarHandle h = r.cvarHandleAlloc(cv, null);
            expect(ReturnCode.MPI_T_ERR_CVAR_SET_NEVER, () -> r.cvarWrite(h, new int[] {1}));
            assertThat(setting.writes).as(scope + ": the cell is never asked").hasValue(0);
            int[] out = new int[1];
            r.cvarRead(h, out);
            assertThat(out[0]).isEqualTo(42);
        }
    }

    @Test
    @DisplayName(
            "Scopes that \"may be writeable\" reach the variable; \"either MPI_T_ERR_CVAR_SET_NOT_NOW, if there may "
                    + "be a later time ... or MPI_T_ERR_CVAR_SET_NEVER\" as the variable says")
    void writableScopesAndRefusals() {
        for (Scope scope : new Scope[] {Scope.LOCAL, Scope.GROUP, Scope.GROUP_EQ, Scope.ALL, Scope.ALL_EQ}) {
            Setting setting = new Setting();
            int cv = r.registerCvar(setting.builder("w_" + scope).scope(scope).build());
            CvarHandle h = r.cvarHandleAlloc(cv, null);
            expect(ReturnCode.SUCCESS, () -> r.cvarWrite(h, new int[] {5}));
            assertThat(setting.value).isEqualTo(5);

            setting.refuse = new MpitException(ReturnCode.MPI_T_ERR_CVAR_SET_NOT_NOW, "not before MPI_Init");
            expect(ReturnCode.MPI_T_ERR_CVAR_SET_NOT_NOW, () -> r.cvarWrite(h, new int[] {6}));
            setting.refuse = new MpitException(ReturnCode.MPI_T_ERR_CVAR_SET_NEVER, "not after MPI_Finalize");
            expect(ReturnCode.MPI_T_ERR_CVAR_SET_NEVER, () -> r.cvarWrite(h, new int[] {6}));
            setting.refuse = new MpitException(ReturnCode.MPI_T_ERR_INVALID, "out of range");
            expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarWrite(h, new int[] {6}));
            assertThat(setting.value).as("refused writes change nothing").isEqualTo(5);
        }
    }

    @Test
    @DisplayName("A variable whose cell fails unexpectedly answers an error code; the failure never escapes as a crash")
    void failingCell() {
        int cv = r.registerCvar(CvarDefinition.builder("broken", MpitDatatype.INT)
                .source(object -> new CvarCell() {
                    @Override
                    public int count() {
                        return 1;
                    }

                    @Override
                    public Object read() {
                        throw new IllegalStateException("boom");
                    }

                    @Override
                    public void write(Object v) {
                        throw new NullPointerException();
                    }
                })
                .build());
        CvarHandle h = r.cvarHandleAlloc(cv, null);
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarRead(h, new int[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarWrite(h, new int[1]));
        expect(ReturnCode.SUCCESS, () -> r.cvarHandleFree(h));
    }

    @Test
    @DisplayName("Section 14.3.2: \"the variable must be bound to exactly one MPI object\" of its kind; for "
            + "MPI_T_BIND_NO_OBJECT \"the argument obj_handle is ignored\"")
    void bindingToObjects() {
        List<Object> boundTo = new ArrayList<>();
        CvarDefinition.Builder b = CvarDefinition.builder("per_comm", MpitDatatype.INT)
                .bind(BindType.MPI_COMM)
                .source(object -> {
                    boundTo.add(object);
                    return CvarSources.intValue(() -> 0, null).bind(object);
                });
        int bound = r.registerCvar(b.build());
        int global = Mpit.intCvar(r, "global", Scope.LOCAL, 0);

        expect(ReturnCode.SUCCESS, () -> r.cvarHandleAlloc(bound, 2));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarHandleAlloc(bound, null));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarHandleAlloc(bound, "not an MPI object"));
        assertThat(boundTo).as("only the good object reached the source").containsExactly(2);

        expect(ReturnCode.SUCCESS, () -> r.cvarHandleAlloc(global, null));
        expect(ReturnCode.SUCCESS, () -> r.cvarHandleAlloc(global, "ignored, whatever it is"));
    }

    @Test
    @DisplayName("A source refusing the object (IllegalArgumentException) is MPI_T_ERR_INVALID for the allocation")
    void sourceRefusesObject() {
        int cv = r.registerCvar(CvarDefinition.builder("picky", MpitDatatype.INT)
                .bind(BindType.MPI_COMM)
                .source(object -> {
                    throw new IllegalArgumentException("not a live communicator");
                })
                .build());
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarHandleAlloc(cv, 1));
    }

    @Test
    @DisplayName(
            "MPI_T_CVAR_HANDLE_FREE: afterwards the handle is MPI_T_CVAR_HANDLE_NULL; using it again, a null handle "
                    + "or another process's handle answer MPI_T_ERR_INVALID_HANDLE")
    void handleFree() {
        Setting setting = new Setting();
        int cv = r.registerCvar(setting.builder("s").build());
        CvarHandle h = r.cvarHandleAlloc(cv, null);
        CvarHandle other = r.cvarHandleAlloc(cv, null);
        expect(ReturnCode.SUCCESS, () -> r.cvarHandleFree(h));
        assertThat(setting.freed).hasValue(1);
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.cvarHandleFree(h));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.cvarRead(h, new int[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.cvarWrite(h, new int[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.cvarHandleFree(null));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.cvarRead(null, new int[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.cvarWrite(null, new int[1]));

        MpitRegistry foreignProcess = Mpit.initialised();
        int fcv = Mpit.intCvar(foreignProcess, "s", Scope.LOCAL, 0);
        CvarHandle foreign = foreignProcess.cvarHandleAlloc(fcv, null);
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.cvarRead(foreign, new int[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.cvarWrite(foreign, new int[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.cvarHandleFree(foreign));
        // The other handle of the same variable is untouched by all this.
        expect(ReturnCode.SUCCESS, () -> r.cvarWrite(other, new int[] {3}));
        assertThat(setting.value).isEqualTo(3);
    }

    @Test
    @DisplayName("Example 14.5: alloc, read, free of an MPI_INT variable bound to a communicator")
    void example14_5() {
        int[] eager = {4096};
        int cv = r.registerCvar(CvarDefinition.builder("eager", MpitDatatype.INT)
                .bind(BindType.MPI_COMM)
                .source(CvarSources.intValue(() -> eager[0], v -> eager[0] = v))
                .build());
        Integer comm = 1;
        CvarHandle h = r.cvarHandleAlloc(cv, comm);
        assertThat(h.count()).isEqualTo(1);
        int[] val = new int[1];
        r.cvarRead(h, val);
        assertThat(val[0]).isEqualTo(4096);
        r.cvarHandleFree(h);
    }
}
