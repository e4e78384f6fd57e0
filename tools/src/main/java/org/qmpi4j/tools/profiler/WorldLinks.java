package org.qmpi4j.tools.profiler;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.tools.mpi.PeerTranslator;
import org.qmpi4j.tools.output.OutputSession;

/**
 * What the profiler notes when the application makes a communicator into another world: the
 * communicator's name for the messages sent over it ({@code parent}, {@code spawn 1},
 * {@code connect 1}, {@code accept 1}, numbered per process in call order, which is the same on
 * every rank that takes part since these calls are collective) and, for a spawn, the call in the
 * world's record.
 */
final class WorldLinks {
    private static final Map<MpiFunction, Integer> COUNTS = new EnumMap<>(MpiFunction.class);

    private WorldLinks() {}

    static void joined(
            MpiCall call,
            @Nullable Object result,
            @Nullable PeerTranslator peers,
            @Nullable OutputSession session,
            long startMillis,
            long endMillis) {
        MpiFunction f = call.function();
        if (peers != null && result != null) {
            peers.name(result, name(f));
        }
        if (session != null && (f == MpiFunction.MPI_COMM_SPAWN || f == MpiFunction.MPI_COMM_SPAWN_MULTIPLE)) {
            session.recordSpawn(f.name(), intArgument(call, 4), command(call), maxprocs(call), startMillis, endMillis);
        }
    }

    private static String name(MpiFunction f) {
        switch (f) {
            case MPI_COMM_GET_PARENT:
                return "parent";
            case MPI_COMM_SPAWN:
            case MPI_COMM_SPAWN_MULTIPLE:
                return "spawn " + next(MpiFunction.MPI_COMM_SPAWN);
            case MPI_COMM_CONNECT:
                return "connect " + next(f);
            default:
                return "accept " + next(f);
        }
    }

    private static int next(MpiFunction f) {
        synchronized (COUNTS) {
            return COUNTS.merge(f, 1, Integer::sum);
        }
    }

    /** Open MPI: spawn(command, argv, maxprocs, info, root, errcodes); spawnMultiple(commands, argvs, maxprocs[], infos, root, errcodes). */
    private static String command(MpiCall call) {
        Object c = argument(call, 0);
        Object a = argument(call, 1);
        if (c instanceof String) {
            return join((String) c, a instanceof String[] ? (String[]) a : null);
        }
        if (c instanceof String[]) {
            String[] commands = (String[]) c;
            String[][] argvs = a instanceof String[][] ? (String[][]) a : null;
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < commands.length; i++) {
                parts.add(join(commands[i], argvs != null && i < argvs.length ? argvs[i] : null));
            }
            return String.join(" : ", parts);
        }
        return "(unknown)";
    }

    private static String join(String command, @Nullable String[] argv) {
        StringBuilder sb = new StringBuilder(String.valueOf(command));
        if (argv != null) {
            for (String s : argv) {
                sb.append(' ').append(s);
            }
        }
        return sb.toString();
    }

    private static int maxprocs(MpiCall call) {
        Object m = argument(call, 2);
        if (m instanceof Integer) {
            return (Integer) m;
        }
        if (m instanceof int[]) {
            int n = 0;
            for (int v : (int[]) m) {
                n += v;
            }
            return n;
        }
        return -1;
    }

    private static int intArgument(MpiCall call, int i) {
        Object v = argument(call, i);
        return v instanceof Integer ? (Integer) v : -1;
    }

    private static @Nullable Object argument(MpiCall call, int i) {
        return i < call.argumentCount() ? call.argument(i) : null;
    }
}
