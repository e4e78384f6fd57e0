package org.qmpi4j.it.tools;

import java.util.Arrays;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * Reads, in one process and through one {@link MpiT}, the MPI library's per-peer message counts
 * and bytes ({@code pml_monitoring_messages_count}/{@code _size}, Open MPI's monitoring PML, only
 * there under {@code --mca pml_monitoring_enable}) and the agent's
 * ({@code qmpi4j_p2p_messages_sent}/{@code _bytes_sent}), all bound to {@code COMM_WORLD}, after
 * MPI_Init and again just before MPI_Finalize, and prints each source's values:
 * <pre>
 * QMPI4J-MON rank=0 source=library variable=pml_monitoring_messages_count datatype=UNSIGNED_LONG at=init values=0,0,0
 * QMPI4J-MON rank=0 source=agent variable=qmpi4j_p2p_messages_sent datatype=UNSIGNED_LONG_LONG at=finalize values=0,3,0
 * </pre>
 * A variable the process lacks gives {@code QMPI4J-MON-ABSENT rank=r variable=... code=...}
 * (integration-test tool, for the monitoring cross-check).
 */
public final class MonitoringCheckTool implements ToolProvider {
    static final String[][] VARIABLES = {
        {"library", "pml_monitoring_messages_count", "SIZE"},
        {"library", "pml_monitoring_messages_size", "SIZE"},
        {"agent", "qmpi4j_p2p_messages_sent", "COUNTER"},
        {"agent", "qmpi4j_p2p_bytes_sent", "AGGREGATE"},
    };

    /** Per-instance storage. */
    static final class State {
        MpiT mpit;
        PvarSession session;
        final PvarHandle[] handles = new PvarHandle[VARIABLES.length];
        final PvarInfo[] infos = new PvarInfo[VARIABLES.length];
        int rank;
        final StringBuilder out = new StringBuilder();
    }

    @Override
    public String name() {
        return "monitoring-check";
    }

    @Override
    public String description() {
        return "Open MPI's monitoring counts beside the agent's per-peer counts (integration-test tool)";
    }

    @Override
    public void initialize(int toolId) {
        Qmpi.registerToolStorage(toolId, new State());
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT, MonitoringCheckTool::afterInit);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT_THREAD, MonitoringCheckTool::afterInit);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, MonitoringCheckTool::beforeFinalize);
    }

    /** Communicator-bound handles need an initialised MPI; the library's variables appear from here on. */
    private static Object afterInit(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Object result = Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
        State s = Qmpi.getToolStorage(context, toolId);
        Object world = Qmpi.bindingConstant(toolId, "COMM_WORLD");
        s.rank = (Integer) Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_RANK, world);
        s.mpit = Qmpi.mpit(toolId);
        s.mpit.initThread(ThreadLevel.SINGLE);
        s.session = s.mpit.pvarSessionCreate();
        for (int i = 0; i < VARIABLES.length; i++) {
            try {
                int index = s.mpit.pvarGetIndex(VARIABLES[i][1], PvarClass.valueOf(VARIABLES[i][2]));
                s.infos[i] = s.mpit.pvarGetInfo(index);
                s.handles[i] = s.mpit.pvarHandleAlloc(s.session, index, world);
                if (!s.infos[i].continuous()) {
                    s.mpit.pvarStart(s.session, s.handles[i]);
                }
            } catch (MpitException e) {
                s.handles[i] = null;
                s.out.append("QMPI4J-MON-ABSENT rank=")
                        .append(s.rank)
                        .append(" variable=")
                        .append(VARIABLES[i][1])
                        .append(" code=")
                        .append(e.code())
                        .append('\n');
            }
        }
        readAll(s, "init");
        return result;
    }

    /** Before MPI_Finalize: the application's traffic is complete, MPI still answers. */
    private static Object beforeFinalize(QmpiContext context, int toolId, MpiCall call) throws Exception {
        State s = Qmpi.getToolStorage(context, toolId);
        if (s.mpit != null) {
            readAll(s, "finalize");
            s.mpit.pvarSessionFree(s.session);
            s.mpit.finalizeInterface();
            System.out.print(s.out);
            System.out.flush();
        }
        return Qmpi.getNextToolFunction(toolId, MpiFunction.MPI_FINALIZE).invoke(context, call);
    }

    private static void readAll(State s, String at) {
        for (int i = 0; i < VARIABLES.length; i++) {
            PvarHandle h = s.handles[i];
            if (h == null) {
                continue;
            }
            s.out.append("QMPI4J-MON rank=")
                    .append(s.rank)
                    .append(" source=")
                    .append(VARIABLES[i][0])
                    .append(" variable=")
                    .append(VARIABLES[i][1])
                    .append(" datatype=")
                    .append(s.infos[i].datatype())
                    .append(" at=")
                    .append(at)
                    .append(" values=");
            try {
                s.out.append(read(s, h, s.infos[i].datatype()));
            } catch (MpitException e) {
                s.out.append("error:").append(e.code());
            }
            s.out.append('\n');
        }
    }

    /** The handle's elements as unsigned decimals, comma-separated, in the datatype's Java array. */
    private static String read(State s, PvarHandle h, MpitDatatype type) {
        long[] values = new long[h.count()];
        if (type == MpitDatatype.INT || type == MpitDatatype.UNSIGNED) {
            int[] ints = new int[h.count()];
            s.mpit.pvarRead(s.session, h, ints);
            for (int i = 0; i < ints.length; i++) {
                values[i] = type == MpitDatatype.UNSIGNED ? Integer.toUnsignedLong(ints[i]) : ints[i];
            }
        } else {
            s.mpit.pvarRead(s.session, h, values);
        }
        StringBuilder b = new StringBuilder();
        Arrays.stream(values).forEach(v -> b.append(b.length() == 0 ? "" : ",").append(Long.toUnsignedString(v)));
        return b.toString();
    }
}
