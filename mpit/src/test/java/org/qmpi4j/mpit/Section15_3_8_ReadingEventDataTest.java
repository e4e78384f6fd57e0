package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.qmpi4j.mpit.Mpit.expect;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventDefinition;
import org.qmpi4j.api.mpit.EventInfo;
import org.qmpi4j.api.mpit.EventInstance;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.ReturnCode;

/** MPI 4.1 Section 15.3.8, Reading Event Data: MPI_T_EVENT_READ and MPI_T_EVENT_COPY. */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section15_3_8_ReadingEventDataTest {
    private final MpitRegistry r = Mpit.initialised();

    private EventType allTypes() {
        return r.registerEventType(EventDefinition.builder(Mpit.name("all"))
                .element("i", MpitDatatype.INT)
                .element("u", MpitDatatype.UNSIGNED)
                .element("l", MpitDatatype.UNSIGNED_LONG_LONG)
                .element("c", MpitDatatype.COUNT)
                .element("d", MpitDatatype.DOUBLE)
                .element("s", MpitDatatype.CHAR, 8)
                .build());
    }

    private interface InCallback {
        void run(EventInstance instance);
    }

    /** Raises one event of {@code t} with {@code values} and runs {@code body} inside its callback. */
    private void inCallback(EventType t, InCallback body, Object... values) {
        EventRegistration g = r.eventHandleAlloc(t.index(), null, null);
        List<Throwable> failures = new ArrayList<>();
        r.eventRegisterCallback(g, CallbackSafety.NONE, null, (i, reg, s) -> {
            try {
                body.run(i);
            } catch (Throwable e) {
                failures.add(e);
            }
        });
        t.raise(CallbackSafety.NONE, null, values);
        r.eventHandleFree(g, null);
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.get(0));
        }
    }

    @Test
    @DisplayName(
            "read: each element into an array of its datatype's Java type; CHAR as NUL-terminated UTF-8, truncated")
    void readEachElement() {
        EventType t = allTypes();
        inCallback(
                t,
                i -> {
                    int[] iv = new int[1];
                    r.eventRead(i, 0, iv);
                    assertThat(iv[0]).isEqualTo(-5);
                    r.eventRead(i, 1, iv);
                    assertThat(Integer.toUnsignedLong(iv[0])).isEqualTo(4_000_000_000L);
                    long[] lv = new long[1];
                    r.eventRead(i, 2, lv);
                    assertThat(lv[0]).isEqualTo(1L << 40);
                    r.eventRead(i, 3, lv);
                    assertThat(lv[0]).isEqualTo(7);
                    double[] dv = new double[1];
                    r.eventRead(i, 4, dv);
                    assertThat(dv[0]).isEqualTo(2.5);
                    byte[] sv = new byte[8];
                    r.eventRead(i, 5, sv);
                    assertThat(new String(sv, 0, 7, StandardCharsets.UTF_8)).isEqualTo("Main.ja");
                    assertThat(sv[7]).isZero();
                },
                -5,
                4_000_000_000L,
                1L << 40,
                7,
                2.5,
                "Main.java:12");
    }

    @Test
    @DisplayName(
            "read: an element index outside 0..num_elements-1 or a buffer of the wrong type or size is MPI_T_ERR_INVALID")
    void readErrors() {
        EventType t = allTypes();
        inCallback(
                t,
                i -> {
                    expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventRead(i, -1, new int[1]));
                    expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventRead(i, 6, new int[1]));
                    expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventRead(i, 0, new long[1]));
                    expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventRead(i, 0, new int[0]));
                    expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventRead(i, 5, new byte[7]));
                    expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventRead(i, 0, null));
                    expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventRead(null, 0, new int[1]));
                },
                1,
                2,
                3,
                4,
                5.0,
                "x");
    }

    @Test
    @DisplayName(
            "copy: every element at its displacement, in the buffer's byte order, from its position; too small or read-only is MPI_T_ERR_INVALID")
    void copyAll() {
        EventType t = allTypes();
        EventInfo info = r.eventGetInfo(t.index());
        inCallback(
                t,
                i -> {
                    for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
                        ByteBuffer b = ByteBuffer.allocate(4 + info.extent()).order(order);
                        b.position(4);
                        r.eventCopy(i, b);
                        assertThat(b.position()).isEqualTo(4);
                        int base = 4;
                        assertThat(b.getInt(base + info.elements().get(0).displacement()))
                                .isEqualTo(-5);
                        assertThat(b.getLong(base + info.elements().get(2).displacement()))
                                .isEqualTo(99L);
                        assertThat(b.getDouble(base + info.elements().get(4).displacement()))
                                .isEqualTo(0.5);
                        assertThat(b.get(base + info.elements().get(5).displacement()))
                                .isEqualTo((byte) 'h');
                        assertThat(b.get(base + info.elements().get(5).displacement() + 2))
                                .isZero();
                    }
                    expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventCopy(i, ByteBuffer.allocate(info.extent() - 1)));
                    expect(
                            ReturnCode.MPI_T_ERR_INVALID,
                            () -> r.eventCopy(
                                    i, ByteBuffer.allocate(info.extent()).asReadOnlyBuffer()));
                    expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.eventCopy(i, null));
                    expect(ReturnCode.SUCCESS, () -> r.eventCopy(i, ByteBuffer.allocateDirect(info.extent())));
                },
                -5,
                1,
                99L,
                3,
                0.5,
                "hi");
    }

    @Test
    @DisplayName(
            "event data are readable only during the callback: afterwards read and copy answer MPI_T_ERR_INVALID_HANDLE")
    void instancesExpireWhenTheCallbackReturns() {
        EventType t = Events.oneInt(r, 0);
        Events.Recorder rec = Events.record(r, t, CallbackSafety.NONE);
        t.raise(CallbackSafety.NONE, null, 42);
        assertThat(rec.values).containsExactly(42); // readable inside
        EventInstance kept = rec.instances.get(0);
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventRead(kept, 0, new int[1]));
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> r.eventCopy(kept, ByteBuffer.allocate(16)));
        MpitRegistry other = Mpit.initialised();
        expect(ReturnCode.MPI_T_ERR_INVALID_HANDLE, () -> other.eventRead(kept, 0, new int[1]));
    }

    @Test
    @DisplayName(
            "raising with values that do not fit the elements is the raiser's bug: IllegalArgumentException, nothing delivered")
    void raiseChecksValues() {
        EventType t = Events.oneInt(r, 0);
        Events.Recorder rec = Events.record(r, t, CallbackSafety.NONE);
        assertThatThrownBy(() -> t.raise(CallbackSafety.NONE, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> t.raise(CallbackSafety.NONE, null, "text"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(rec.values).isEmpty();
    }
}
