package org.qmpi4j.mpit.library;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Memory;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.MpitDatatype;

/**
 * The C datatypes Open MPI gives some variables beyond MPI_T's table (Open MPI 5.0.7's
 * {@code threads_pthreads_nanosleep_time} is {@code MPI_UINT64_T}) show as the standard type of
 * the same size and signedness, and their values cross the C buffer unchanged.
 */
class NativeValuesTest {
    @Test
    void extraIntegerTypesShowAsTheStandardTypeOfTheirSize() {
        assertThat(NativeType.INT32.java).isEqualTo(MpitDatatype.INT);
        assertThat(NativeType.UINT32.java).isEqualTo(MpitDatatype.UNSIGNED);
        assertThat(NativeType.INT64.java).isEqualTo(MpitDatatype.COUNT);
        assertThat(NativeType.LONG.java).isEqualTo(MpitDatatype.COUNT);
        assertThat(NativeType.UINT64.java).isEqualTo(MpitDatatype.UNSIGNED_LONG);
        for (NativeType t : new NativeType[] {
            NativeType.INT32, NativeType.UINT32, NativeType.INT64, NativeType.UINT64, NativeType.LONG
        }) {
            assertThat(t.bytes)
                    .as(t.name())
                    .isEqualTo(t.java == MpitDatatype.INT || t.java == MpitDatatype.UNSIGNED ? 4 : 8);
        }
    }

    @Test
    void valuesPassUnchanged() {
        Memory buf = new Memory(16);
        NativeValues.write(buf, NativeType.UINT64, 2, new long[] {-1L, 1L << 40});
        assertThat(buf.getLong(0)).isEqualTo(-1L); // 2^64 - 1 as unsigned bits
        assertThat((long[]) NativeValues.read(buf, NativeType.UINT64, 2)).containsExactly(-1L, 1L << 40);

        NativeValues.write(buf, NativeType.INT32, 2, new int[] {-7, 9});
        assertThat(buf.getInt(0)).isEqualTo(-7);
        assertThat(buf.getInt(4)).isEqualTo(9);
        assertThat((int[]) NativeValues.read(buf, NativeType.UINT32, 2)).containsExactly(-7, 9);

        NativeValues.write(buf, NativeType.LONG, 1, new long[] {-123456789012L});
        assertThat((long[]) NativeValues.read(buf, NativeType.INT64, 1)).containsExactly(-123456789012L);
    }
}
