package org.qmpi4j.samples.tools;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.settings.Setting;
import org.qmpi4j.api.settings.Settings;

/**
 * A fault injector: the {@code fault-inject.call}-th call (1 = the first) of the function named by
 * {@code fault-inject.function} (e.g. {@code MPI_BARRIER}) fails with the binding's own exception,
 * without reaching MPI; every other call goes on unchanged. The error class is
 * {@code fault-inject.error-class}: a number, or the name of a constant of the binding's
 * {@code mpi.MPI} class ({@code ERR_OTHER} by default). With Open MPI the application gets an
 * {@code mpi.MPIException} whose {@code getErrorClass()} and {@code getErrorCode()} are that class;
 * MPJ Express' exception carries it in its message only (and has no {@code ERR_OTHER}: give a
 * number). Each injected fault is printed:
 * <pre>
 * QMPI4J-INJECTED rank=0 function=MPI_BARRIER call=3 errorClass=16
 * </pre>
 */
public final class FaultInjectTool implements ToolProvider {
    static final Setting<String> FUNCTION = Setting.string(
            "fault-inject.function", "", "the MPI function to fail, e.g. MPI_BARRIER (unset: the tool does nothing)");
    static final Setting<Integer> CALL = Setting.integer(
            "fault-inject.call", 1, 1, Integer.MAX_VALUE, "which call of that function fails (1 = the first)");
    static final Setting<String> ERROR_CLASS = Setting.string(
            "fault-inject.error-class",
            "ERR_OTHER",
            "the MPI error class: a number or the name of a constant of the binding's MPI class");

    /** Per-instance storage: calls of the function so far. */
    static final class Calls {
        final AtomicLong seen = new AtomicLong();
    }

    @Override
    public String name() {
        return "fault-inject";
    }

    @Override
    public String description() {
        return "fails the n-th call of one MPI function with the binding's exception (sample tool)";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(FUNCTION, CALL, ERROR_CLASS);
    }

    @Override
    public void initialize(int toolId) {
        Settings settings = Settings.current();
        String function0 = settings.get(FUNCTION);
        String name = function0 == null ? "" : function0.trim().toUpperCase(Locale.ROOT);
        if (name.isEmpty()) {
            return; // nothing to inject: the tool takes no part in the chain
        }
        MpiFunction function = MpiFunction.valueOf(name);
        Integer n = settings.get(CALL);
        long failing = n == null ? 1 : n;
        String chosenClass = settings.get(ERROR_CLASS);
        String errorClass = chosenClass == null || chosenClass.isBlank() ? "ERR_OTHER" : chosenClass;
        Qmpi.registerToolStorage(toolId, new Calls());
        ToolFunction next = Qmpi.getNextToolFunction(toolId, function);
        Qmpi.registerToolFunction(toolId, function, (context, id, call) -> {
            Calls calls = Qmpi.getToolStorage(context, id);
            long k = calls.seen.incrementAndGet();
            if (k != failing) {
                return next.invoke(context, call);
            }
            return inject(id, call, k, errorClass);
        });
    }

    private static Object inject(int toolId, MpiCall call, long k, String errorClassSetting) throws Exception {
        int errorClass = errorClass(toolId, errorClassSetting);
        ToolOutput.print(new StringBuilder("QMPI4J-INJECTED rank=")
                .append(ToolOutput.worldRank(toolId))
                .append(" function=")
                .append(call.function())
                .append(" call=")
                .append(k)
                .append(" errorClass=")
                .append(errorClass)
                .append('\n'));
        throw call.fail(Qmpi.bindingException(
                toolId, errorClass, "fault-inject: call " + k + " of " + call.function() + " failed on purpose"));
    }

    private static int errorClass(int toolId, String setting) {
        String s = setting.trim();
        if (!s.isEmpty() && s.chars().allMatch(Character::isDigit)) {
            return Integer.parseInt(s);
        }
        return (Integer) Qmpi.bindingConstant(toolId, s);
    }
}
