package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CvarCell;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.CvarSources;
import org.qmpi4j.api.mpit.EnumInfo;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Scope;

/**
 * MPI 4.0 Section 14.3.5, Datatype System: the subset of datatypes (Table 14.3), values as
 * {@code count} elements of the datatype, {@code MPI_CHAR} strings, and enumerations.
 */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section14_3_5_DatatypesAndEnumsTest {
    private final MpitRegistry r = Mpit.initialisedWithIntegerObjects();

    @Test
    @DisplayName("Table 14.3 \"MPI datatypes that can be used by the MPI tool information interface\": exactly "
            + "MPI_INT, MPI_UNSIGNED, MPI_UNSIGNED_LONG, MPI_UNSIGNED_LONG_LONG, MPI_COUNT, MPI_CHAR, MPI_DOUBLE")
    void datatypeSubset() {
        assertThat(MpitDatatype.values())
                .containsExactlyInAnyOrder(
                        MpitDatatype.INT,
                        MpitDatatype.UNSIGNED,
                        MpitDatatype.UNSIGNED_LONG,
                        MpitDatatype.UNSIGNED_LONG_LONG,
                        MpitDatatype.COUNT,
                        MpitDatatype.CHAR,
                        MpitDatatype.DOUBLE);
        // Java buffers of each type: integers of the C width (LP64), bytes for char, doubles.
        assertThat(MpitDatatype.INT.bufferType()).isEqualTo(int[].class);
        assertThat(MpitDatatype.UNSIGNED.bufferType()).isEqualTo(int[].class);
        assertThat(MpitDatatype.UNSIGNED_LONG.bufferType()).isEqualTo(long[].class);
        assertThat(MpitDatatype.UNSIGNED_LONG_LONG.bufferType()).isEqualTo(long[].class);
        assertThat(MpitDatatype.COUNT.bufferType()).isEqualTo(long[].class);
        assertThat(MpitDatatype.CHAR.bufferType()).isEqualTo(byte[].class);
        assertThat(MpitDatatype.DOUBLE.bufferType()).isEqualTo(double[].class);
        for (MpitDatatype t : MpitDatatype.values()) {
            assertThat(t.newBuffer(3).getClass()).isEqualTo(t.bufferType());
            assertThat(java.lang.reflect.Array.getLength(t.newBuffer(3))).isEqualTo(3);
        }
    }

    @Test
    @DisplayName("\"count contains the number of elements ... used to represent this variable\": a handle bound to "
            + "an object with N elements has count N and reads exactly N elements")
    void valueIsCountElementsOfTheBoundObject() {
        FakeSource perPeer = new FakeSource();
        for (int i = 0; i < FakeSource.MAX; i++) {
            perPeer.set(i, 100 + i);
        }
        int pv = r.registerPvar(Mpit.pvar("per_peer", PvarClass.LEVEL, perPeer)
                .bind(BindType.MPI_COMM)
                .build());
        PvarSession s = r.pvarSessionCreate();
        for (int n : new int[] {1, 3, 5}) {
            PvarHandle h = r.pvarHandleAlloc(s, pv, n);
            assertThat(h.count()).isEqualTo(n);
            r.pvarStart(s, h);
            long[] buffer = new long[n + 2];
            Arrays.fill(buffer, -7);
            r.pvarRead(s, h, buffer);
            long[] expected = new long[n + 2];
            Arrays.fill(expected, -7); // elements past count are not touched
            for (int i = 0; i < n; i++) {
                expected[i] = 100 + i;
            }
            assertThat(buffer).containsExactly(expected);
            // "The user is responsible to ensure that the buffer is of the appropriate size": a smaller one
            // or one of the wrong type is bad input, answered with MPI_T_ERR_INVALID.
            expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.pvarRead(s, h, new long[n - 1]));
            expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.pvarRead(s, h, new int[n]));
            expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.pvarRead(s, h, null));
        }
    }

    @Test
    @DisplayName("Control variables too: count elements for the bound object, read and written whole")
    void controlVariableCountPerObject() {
        int cv = r.registerCvar(CvarDefinition.builder("per_member", MpitDatatype.UNSIGNED_LONG)
                .bind(BindType.MPI_COMM)
                .source(object -> new CvarCell() {
                    final long[] value = new long[(Integer) object];

                    @Override
                    public int count() {
                        return value.length;
                    }

                    @Override
                    public Object read() {
                        return value.clone();
                    }

                    @Override
                    public void write(Object v) {
                        System.arraycopy(v, 0, value, 0, value.length);
                    }
                })
                .build());
        CvarHandle h = r.cvarHandleAlloc(cv, 4);
        assertThat(h.count()).isEqualTo(4);
        r.cvarWrite(h, new long[] {1, 2, 3, 4, 99});
        long[] out = new long[5];
        r.cvarRead(h, out);
        assertThat(out).containsExactly(1, 2, 3, 4, 0);
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarRead(h, new long[3]));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarWrite(h, new int[4]));
    }

    @Test
    @DisplayName("MPI_CHAR \"implies a null-terminated character array\"; the count \"must be large enough to include "
            + "any valid value, including its terminating null character\"")
    void charValuesAreNulTerminated() {
        String[] value = {"abc"};
        int cv = r.registerCvar(CvarDefinition.builder("text", MpitDatatype.CHAR)
                .source(CvarSources.stringValue(5, () -> value[0], v -> value[0] = v))
                .build());
        CvarHandle h = r.cvarHandleAlloc(cv, null);
        assertThat(h.count()).as("5 bytes plus the NUL").isEqualTo(6);

        byte[] out = new byte[h.count()];
        Arrays.fill(out, (byte) 'x');
        r.cvarRead(h, out);
        assertThat(new String(out, 0, 3, StandardCharsets.UTF_8)).isEqualTo("abc");
        assertThat(out[3]).as("terminating NUL").isZero();

        // The longest valid value fills count - 1 bytes and the NUL.
        r.cvarWrite(h, "12345\0".getBytes(StandardCharsets.UTF_8));
        r.cvarRead(h, out);
        assertThat(out).containsExactly('1', '2', '3', '4', '5', 0);
        // Only the bytes up to the first NUL count.
        r.cvarWrite(h, new byte[] {'o', 'k', 0, 'z', 'z', 'z'});
        assertThat(value[0]).isEqualTo("ok");
        // A "string" without a NUL within count elements is not a valid MPI_CHAR value.
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.cvarWrite(h, new byte[] {'a', 'b', 'c', 'd', 'e', 'f'}));
        assertThat(value[0]).isEqualTo("ok");
    }

    @Test
    @DisplayName("\"MPI_INT is provided ... mainly for control variables and enumeration types\": an enumeration only "
            + "on MPI_INT variables")
    void enumerationsOnlyForInt() {
        EnumType e = r.registerEnum("modes", new EnumItem(0, "off"), new EnumItem(1, "on"));
        assertThat(Mpit.codeOf(() -> Mpit.pvar("st", PvarClass.GENERIC, new FakeSource())
                        .datatype(MpitDatatype.UNSIGNED)
                        .enumType(e)
                        .build()))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
        assertThat(Mpit.codeOf(() -> CvarDefinition.builder("cv", MpitDatatype.DOUBLE)
                        .enumType(e)
                        .source(CvarSources.intValue(() -> 0, null))
                        .build()))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);

        int pv = r.registerPvar(
                Mpit.pvar("st", PvarClass.STATE, new FakeSource()).enumType(e).build());
        assertThat(r.pvarGetInfo(pv).enumType()).isSameAs(e);
        int plain = r.registerPvar(
                Mpit.pvar("lvl", PvarClass.LEVEL, new FakeSource()).build());
        assertThat(r.pvarGetInfo(plain).enumType()).as("MPI_T_ENUM_NULL").isNull();
        int cv = r.registerCvar(CvarDefinition.builder("mode", MpitDatatype.INT)
                .enumType(e)
                .source(CvarSources.intValue(() -> 1, null))
                .build());
        assertThat(r.cvarGetInfo(cv).enumType()).isSameAs(e);
    }

    @Test
    @DisplayName("MPI_T_ENUM_GET_INFO: \"N must be greater than 0\", \"a name of at least length one\", unique among "
            + "enumerations")
    void enumGetInfo() {
        EnumType e =
                r.registerEnum("colours", new EnumItem(3, "red"), new EnumItem(5, "green"), new EnumItem(9, "blue"));
        EnumInfo info = r.enumGetInfo(e);
        assertThat(info.name()).isEqualTo("colours");
        assertThat(info.num()).isEqualTo(3);

        assertThat(Mpit.codeOf(() -> r.registerEnum("empty"))).as("no items").isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
        assertThat(Mpit.codeOf(() -> r.registerEnum("empty", (EnumItem[]) null)))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
        assertThat(Mpit.codeOf(() -> r.registerEnum("", new EnumItem(0, "a"))))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID_NAME);
        assertThat(Mpit.codeOf(() -> r.registerEnum(null, new EnumItem(0, "a"))))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID_NAME);
        assertThat(Mpit.codeOf(() -> r.registerEnum("colours", new EnumItem(0, "a"))))
                .as("enumeration names are unique")
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID_NAME);
        assertThat(r.enumGetInfo(e).num())
                .as("the failed registrations changed nothing")
                .isEqualTo(3);
    }

    @Test
    @DisplayName("MPI_T_ENUM_GET_ITEM: item names \"of at least length one\" and \"unique with respect to all other "
            + "names of items for the same enumeration\"; MPI_T_ERR_INVALID_ITEM out of range")
    void enumGetItem() {
        EnumType e =
                r.registerEnum("colours", new EnumItem(3, "red"), new EnumItem(5, "green"), new EnumItem(3, "crimson"));
        Set<String> names = new HashSet<>();
        for (int i = 0; i < r.enumGetInfo(e).num(); i++) {
            EnumItem item = r.enumGetItem(e, i);
            assertThat(item.name()).isNotEmpty();
            assertThat(names.add(item.name()))
                    .as("unique item name " + item.name())
                    .isTrue();
        }
        assertThat(r.enumGetItem(e, 1).value()).isEqualTo(5);
        expect(ReturnCode.MPI_T_ERR_INVALID_ITEM, () -> r.enumGetItem(e, 3));
        expect(ReturnCode.MPI_T_ERR_INVALID_ITEM, () -> r.enumGetItem(e, -1));
        expect(ReturnCode.MPI_T_ERR_INVALID_ITEM, () -> r.enumGetItem(e, Integer.MAX_VALUE));

        assertThat(Mpit.codeOf(() -> r.registerEnum("dup", new EnumItem(0, "a"), new EnumItem(1, "a"))))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
        assertThat(Mpit.codeOf(() -> r.registerEnum("unnamed", new EnumItem(0, ""))))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
        assertThat(Mpit.codeOf(() -> r.registerEnum("nullitem", new EnumItem(0, "a"), null)))
                .as("a missing item is bad input, not a crash")
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
    }

    @Test
    @DisplayName("MPI_T_ERR_INVALID_INDEX \"The enumeration index is invalid\": MPI_T_ENUM_NULL or another process's "
            + "enumeration")
    void invalidEnumeration() {
        MpitRegistry other = Mpit.initialised();
        EnumType foreign = other.registerEnum("foreign", new EnumItem(0, "a"));
        EnumType notOne = new EnumType() {};
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.enumGetInfo(null));
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.enumGetInfo(foreign));
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.enumGetInfo(notOne));
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.enumGetItem(null, 0));
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.enumGetItem(foreign, 0));
        // Nor can a variable use an enumeration it cannot be asked about.
        assertThat(Mpit.codeOf(() -> r.registerPvar(Mpit.pvar("st", PvarClass.STATE, new FakeSource())
                        .enumType(foreign)
                        .build())))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
        assertThat(Mpit.codeOf(() -> r.registerCvar(CvarDefinition.builder("cv", MpitDatatype.INT)
                        .enumType(foreign)
                        .scope(Scope.CONSTANT)
                        .source(CvarSources.intValue(() -> 0, null))
                        .build())))
                .isEqualTo(ReturnCode.MPI_T_ERR_INVALID);
    }

    @Test
    @DisplayName("A definition the class does not allow is refused when built, not when read")
    void definitionsCheckDatatypes() {
        // Details of the class/datatype table are in Section14_3_7_PerformanceVariableClassesTest.
        for (PvarClass c : PvarClass.values()) {
            for (MpitDatatype t : MpitDatatype.values()) {
                PvarDefinition.Builder b = Mpit.pvar("v", c, new FakeSource()).datatype(t);
                ReturnCode code = Mpit.codeOf(b::build);
                assertThat(code)
                        .as(c + " " + t)
                        .isEqualTo(c.allows(t) ? ReturnCode.SUCCESS : ReturnCode.MPI_T_ERR_INVALID);
            }
        }
    }
}
