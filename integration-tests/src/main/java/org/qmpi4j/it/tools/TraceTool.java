package org.qmpi4j.it.tools;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolProvider;

/**
 * Records the path each call takes through the chain. Every handler appends {@code name(id)>} to a
 * per-thread path, the last one before the binding also {@code MPI}; the first handler of a call
 * (the path was empty) records the finished path per function. At {@code MPI_FINALIZE} each
 * instance prints, before continuing:
 * <pre>
 * QMPI4J-TRACE name=trace-a id=1 rank=0 calls=17 storage=12345
 * QMPI4J-PATH rank=0 function=MPI_SEND path=trace-a(1)>trace-b(2)>trace-a(3)>MPI calls=3   (first instance only)
 * </pre>
 */
public abstract class TraceTool implements ToolProvider {
    private static final ThreadLocal<StringBuilder> PATH = ThreadLocal.withInitial(StringBuilder::new);
    /** function -> path -> calls; written only by the first handler of each call. */
    private static final Map<MpiFunction, Map<String, AtomicLong>> PATHS = new ConcurrentHashMap<>();

    /** Per-instance storage. */
    static final class Storage {
        final AtomicLong calls = new AtomicLong();
    }

    @Override
    public void initialize(int toolId) {
        Qmpi.registerToolStorage(toolId, new Storage());
        for (MpiFunction f : MpiFunction.values()) {
            Qmpi.registerToolFunction(toolId, f, this::intercept);
        }
    }

    private Object intercept(QmpiContext context, int toolId, MpiCall call) throws Exception {
        MpiFunction f = call.function();
        Storage storage = Qmpi.getToolStorage(context, toolId);
        storage.calls.incrementAndGet();
        StringBuilder path = PATH.get();
        boolean first = path.length() == 0;
        ToolFunction next = Qmpi.getNextToolFunction(toolId, f);
        path.append(name()).append('(').append(toolId).append(")>");
        if (next.isBinding()) {
            path.append("MPI");
        }
        if (f == MpiFunction.MPI_FINALIZE) {
            report(toolId, storage, first);
        }
        if (!first) {
            return next.invoke(context, call);
        }
        try {
            return next.invoke(context, call);
        } finally {
            String finished = path.toString();
            path.setLength(0);
            PATHS.computeIfAbsent(f, k -> new ConcurrentHashMap<>())
                    .computeIfAbsent(finished, k -> new AtomicLong())
                    .incrementAndGet();
        }
    }

    private void report(int toolId, Storage storage, boolean first) throws Exception {
        int rank = (Integer) Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_RANK, Qmpi.bindingConstant(toolId, "COMM_WORLD"));
        StringBuilder out = new StringBuilder();
        out.append("QMPI4J-TRACE name=")
                .append(name())
                .append(" id=")
                .append(toolId)
                .append(" rank=")
                .append(rank)
                .append(" calls=")
                .append(storage.calls.get())
                .append(" storage=")
                .append(System.identityHashCode(storage))
                .append('\n');
        if (first) {
            new TreeMap<>(PATHS)
                    .forEach((f, paths) -> new TreeMap<>(paths)
                            .forEach((p, n) -> out.append("QMPI4J-PATH rank=")
                                    .append(rank)
                                    .append(" function=")
                                    .append(f)
                                    .append(" path=")
                                    .append(p)
                                    .append(" calls=")
                                    .append(n.get())
                                    .append('\n')));
        }
        System.out.print(out);
        System.out.flush();
    }

    /** {@code trace-a}. */
    public static final class A extends TraceTool {
        @Override
        public String name() {
            return "trace-a";
        }
    }

    /** {@code trace-b}. */
    public static final class B extends TraceTool {
        @Override
        public String name() {
            return "trace-b";
        }
    }
}
