package org.qmpi4j.agent.internal.chain;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.api.MpiFunction;

/**
 * Says where a tool registers a handler that the binding can never call because it has no method
 * for the function, where that silently changes what the tool does.
 *
 * <p>Only functions through which the application controls its tools are checked: today
 * {@code MPI_PCONTROL}. A tool that intercepts, say, {@code MPI_WIN_FENCE} under a binding without
 * one-sided communication loses nothing (the application cannot make such calls either), but a
 * tool that relies on {@code MPI_Pcontrol} to be switched off and on, or to flush, stays on for the
 * whole run. Whether a binding has the function is the descriptor's data: it has no mapping for it
 * (mpiJava 1.2, and so MPJ Express, has no {@code MPI_Pcontrol}).
 *
 * <p>Nobody running a job can change that, and every JVM of the job would say it alike, so it is
 * no warning: it is listed by {@code java -jar qmpi4j-agent.jar tools} ({@link #notes}) and, in
 * verbose mode, said once per JVM and tool name when the handler is registered (in the tool's
 * initialiser at {@code MPI_Init}), so that the ranks of an MPJ multicore job say it once.
 */
public final class UnreachableHandlers {
    /** Each checked function with its name in the standard and what its absence costs. */
    private static final Map<MpiFunction, String> CONTROL_FUNCTIONS = new EnumMap<>(MpiFunction.class);

    static {
        CONTROL_FUNCTIONS.put(
                MpiFunction.MPI_PCONTROL,
                "MPI_Pcontrol: that handler never runs with this binding, and the application cannot switch the"
                        + " tool off or on, nor ask it to flush");
    }

    private UnreachableHandlers() {}

    /** Called when {@code instance} registers a handler for {@code function}. */
    static void check(ToolInstance instance, MpiFunction function) {
        String consequence = CONTROL_FUNCTIONS.get(function);
        if (consequence == null) {
            return;
        }
        MpiProcess process = instance.process();
        BindingDescriptor binding = process == null ? null : process.bindingDescriptor();
        if (binding == null || binding.canonical(function) != null) {
            return;
        }
        instance.faults()
                .verboseOnce(
                        binding.id() + ' ' + function + ' ' + instance.name(),
                        "tool '" + instance.name() + "' intercepts " + function + ", but " + binding.title()
                                + " has no " + consequence);
    }

    /** One line per binding of {@code catalog} and control function it lacks, for the tools listing. */
    public static List<String> notes(BindingCatalog catalog) {
        List<String> out = new ArrayList<>();
        for (BindingDescriptor binding : catalog.all()) {
            for (Map.Entry<MpiFunction, String> f : CONTROL_FUNCTIONS.entrySet()) {
                if (binding.canonical(f.getKey()) == null) {
                    out.add(binding.title() + " has no "
                            + f.getValue().replace("that handler", "a tool's " + f.getKey() + " handler"));
                }
            }
        }
        return out;
    }
}
