package org.qmpi4j.agent.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.internal.log.Log;

/**
 * A tool's MPI_PCONTROL handler under a binding without MPI_Pcontrol: said once in verbose mode
 * and in the tools listing, never as a warning of every job.
 */
class UnreachableHandlersTest {
    private static final BindingCatalog CATALOG = BindingCatalog.load();

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final ToolFaults faults = new ToolFaults(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    private final ToolRegistry registry = new ToolRegistry();

    private MpiProcess process(String binding) {
        BindingDescriptor d = Objects.requireNonNull(CATALOG.descriptor(binding));
        return MpiProcessBuilder.of(d, getClass().getClassLoader())
                .faults(faults)
                .tools(registry)
                .build();
    }

    private void registerTool(String name, MpiFunction... functions) {
        registry.register(
                name,
                id -> {
                    for (MpiFunction f : functions) {
                        registry.instance(id).registerHandlerFromTool(f, (ctx, tid, call) -> null);
                    }
                },
                "");
    }

    private List<String> errLines() {
        String err = errBytes.toString(StandardCharsets.UTF_8);
        return err.isEmpty() ? List.of() : List.of(err.split("\n"));
    }

    @AfterEach
    void quietAgain() {
        Log.setVerbose(false);
    }

    @Test
    void quietUnlessVerbose() {
        registerTool("pc", MpiFunction.MPI_PCONTROL, MpiFunction.MPI_SEND);
        process("mpj").initializeTools(List.of("pc"), "test");
        assertThat(errLines()).isEmpty();
    }

    @Test
    void theToolsListingNamesTheBindingsWithoutPcontrol() {
        assertThat(UnreachableHandlers.notes(CATALOG))
                .containsExactly(
                        "MPJ Express 0.44 (mpiJava 1.2) has no MPI_Pcontrol: a tool's MPI_PCONTROL handler never"
                                + " runs with this binding, and the application cannot switch the tool off or on, nor ask it to"
                                + " flush");
    }

    @Test
    void mpjSaysOncePerToolThatItsPcontrolHandlerNeverRuns() {
        Log.setVerbose(true);
        registerTool("pc", MpiFunction.MPI_PCONTROL, MpiFunction.MPI_SEND);
        registerTool("plain", MpiFunction.MPI_SEND);
        // Two MPJ multicore ranks in one JVM, each with two instances of "pc": one notice.
        process("mpj").initializeTools(List.of("pc", "plain", "pc"), "test");
        process("mpj").initializeTools(List.of("pc", "plain", "pc"), "test");

        assertThat(errLines())
                .containsExactly("qmpi4j: tool 'pc' intercepts MPI_PCONTROL, but MPJ Express 0.44"
                        + " (mpiJava 1.2) has no MPI_Pcontrol: that handler never runs with this binding, and the application"
                        + " cannot switch the tool off or on, nor ask it to flush");
        assertThat(faults.total()).as("a notice is not a fault").isZero();
    }

    @Test
    void everyToolWithSuchAHandlerIsNamed() {
        Log.setVerbose(true);
        registerTool("a", MpiFunction.MPI_PCONTROL);
        registerTool("b", MpiFunction.MPI_PCONTROL);
        process("mpj").initializeTools(List.of("a", "b"), "test");
        assertThat(errLines())
                .hasSize(2)
                .anySatisfy(l -> assertThat(l).startsWith("qmpi4j: tool 'a' "))
                .anySatisfy(l -> assertThat(l).startsWith("qmpi4j: tool 'b' "));
    }

    @Test
    void bindingsWithPcontrolSayNothing() {
        Log.setVerbose(true);
        registerTool("pc", MpiFunction.MPI_PCONTROL);
        process("openmpi").initializeTools(List.of("pc"), "test");
        assertThat(errLines()).isEmpty();
    }

    @Test
    void otherFunctionsTheBindingLacksAreNotReported() {
        Log.setVerbose(true);
        // MPJ has no one-sided communication either; the application cannot call it, so nothing is lost.
        registerTool("rma", MpiFunction.MPI_WIN_FENCE, MpiFunction.MPI_IBARRIER);
        process("mpj").initializeTools(List.of("rma"), "test");
        assertThat(errLines()).isEmpty();
    }
}
