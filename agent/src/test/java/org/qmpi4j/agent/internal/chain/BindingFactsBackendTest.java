package org.qmpi4j.agent.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.descriptorform.BindingFact;

/**
 * What the tools ask of a binding instead of testing its id: the shipped descriptors' {@code fact}
 * lines and mappings as the backend answers them by binding id.
 */
class BindingFactsBackendTest {
    private final QmpiBackendImpl backend =
            new QmpiBackendImpl(new ToolRegistry(), NoJvmMpit.INSTANCE, BindingCatalog.load());

    @Test
    void openMpiPassesBuffersWithoutOffsetsAndItsFreesInvalidate() {
        assertThat(backend.bindingFact("openmpi", "buffers")).isEqualTo("nio");
        assertThat(backend.bindingFact("openmpi", "free")).isEqualTo("invalidates");
        assertThat(backend.bindingHasFunction("openmpi", MpiFunction.MPI_REQUEST_FREE))
                .isTrue();
    }

    @Test
    void mpjExpressPassesArraysWithOffsetsAndItsFreesDoNothing() {
        assertThat(backend.bindingFact("mpj", "buffers")).isEqualTo("array-offset");
        assertThat(backend.bindingFact("mpj", "free")).isEqualTo("no-op");
        assertThat(backend.bindingHasFunction("mpj", MpiFunction.MPI_REQUEST_FREE))
                .as("mpiJava 1.2 has no Request.Free")
                .isFalse();
        assertThat(backend.bindingHasFunction("mpj", MpiFunction.MPI_COMM_FREE)).isTrue();
    }

    @Test
    void everyShippedDescriptorGivesEveryFactAValueItTakes() {
        for (var d : BindingCatalog.load().all()) {
            for (BindingFact f : BindingFact.values()) {
                assertThat(f.allowed())
                        .as(d.id() + ": fact " + f.keyword())
                        .contains(backend.bindingFact(d.id(), f.keyword()));
            }
        }
    }

    @Test
    void anIdNoDescriptorHasAndANameNoFactHasTellNothing() {
        assertThat(backend.bindingFact("mpijava", "buffers")).isNull();
        assertThat(backend.bindingHasFunction("mpijava", MpiFunction.MPI_SEND)).isFalse();
        assertThat(backend.bindingFact("openmpi", "title")).isNull();
    }
}
