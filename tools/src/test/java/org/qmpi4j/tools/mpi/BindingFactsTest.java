package org.qmpi4j.tools.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmpi4j.tools.testing.FakeMpi;

/** The tools read a binding's facts from what its descriptor says, whatever the binding's id. */
class BindingFactsTest {
    @Test
    void theShippedBindingsFactsAreTheirDescriptors() {
        new FakeMpi();
        BindingFacts openMpi = BindingFacts.of("openmpi");
        assertThat(openMpi.buffers()).isEqualTo(BindingFacts.Buffers.NIO);
        assertThat(openMpi.bufferOffsets()).isFalse();
        assertThat(openMpi.freeInvalidates()).isTrue();
        assertThat(openMpi.hasRequestFree()).isTrue();
        BindingFacts mpj = BindingFacts.of("mpj");
        assertThat(mpj.buffers()).isEqualTo(BindingFacts.Buffers.ARRAY_OFFSET);
        assertThat(mpj.bufferOffsets()).isTrue();
        assertThat(mpj.freeInvalidates()).isFalse();
        assertThat(mpj.hasRequestFree()).isFalse();
    }

    @Test
    void aNewBindingIsItsDescriptorNotItsName() {
        new FakeMpi();
        FakeMpi.describe("facts-new-arrays", "array-offset", "invalidates", true);
        FakeMpi.describe("facts-new-nio", "nio", "no-op", false);
        BindingFacts arrays = BindingFacts.of("facts-new-arrays");
        assertThat(arrays.buffers()).isEqualTo(BindingFacts.Buffers.ARRAY_OFFSET);
        assertThat(arrays.freeInvalidates()).isTrue();
        assertThat(arrays.hasRequestFree()).isTrue();
        BindingFacts nio = BindingFacts.of("facts-new-nio");
        assertThat(nio.buffers()).isEqualTo(BindingFacts.Buffers.NIO);
        assertThat(nio.freeInvalidates()).isFalse();
        assertThat(nio.hasRequestFree()).isFalse();
    }

    @Test
    void aBindingNoDescriptorDescribesExchangesNoDataAndIsTreatedCautiously() {
        new FakeMpi();
        BindingFacts none = BindingFacts.of("facts-undescribed");
        assertThat(none.buffers()).isEqualTo(BindingFacts.Buffers.UNKNOWN);
        assertThat(none.bufferOffsets()).isFalse();
        assertThat(none.freeInvalidates())
                .as("a freed object is not asked about")
                .isTrue();
    }
}
