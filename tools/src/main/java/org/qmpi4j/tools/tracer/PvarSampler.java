package org.qmpi4j.tools.tracer;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * The MPI_T performance variables the tracer samples into its shard, for counter tracks of the
 * trace: found by name among the process's variables (the agent's, the tools', the MPI library's,
 * e.g. Open MPI's {@code pml_ob1_unexpected_msgq_length}), one handle each in one session of its
 * own, started unless continuous. A sample is one number per variable: the sum of its elements (a
 * variable bound to a communicator has one per peer). Made only when variables are asked for, so
 * that a job without them opens no MPI_T session; a variable that cannot be read (absent, bound to
 * an object other than a communicator, a string) is left out with its reason.
 */
final class PvarSampler {
    private final MpiT mpit;
    private final PvarSession session;
    private final List<String> names;
    private final List<PvarHandle> handles;
    private final List<Object> buffers;
    private final List<MpitDatatype> types;
    private final List<String> problems;

    private PvarSampler(
            MpiT mpit,
            PvarSession session,
            List<String> names,
            List<PvarHandle> handles,
            List<Object> buffers,
            List<MpitDatatype> types,
            List<String> problems) {
        this.mpit = mpit;
        this.session = session;
        this.names = names;
        this.handles = handles;
        this.buffers = buffers;
        this.types = types;
        this.problems = problems;
    }

    /**
     * Opens the variables {@code wanted} of {@code mpit} (whose interface this initialises), binding
     * those bound to a communicator to {@code world} ({@code MPI_COMM_WORLD}).
     */
    static PvarSampler open(MpiT mpit, List<String> wanted, Object world) {
        mpit.initThread(ThreadLevel.SINGLE);
        List<String> problems = new ArrayList<>();
        List<Integer> indices = new ArrayList<>();
        List<PvarInfo> infos = new ArrayList<>();
        int n = mpit.pvarGetNum();
        for (String name : wanted) {
            PvarInfo found = null;
            int index = -1;
            for (int i = 0; i < n && found == null; i++) {
                PvarInfo info;
                try {
                    info = mpit.pvarGetInfo(i);
                } catch (MpitException skipped) {
                    continue; // an index the library numbers but does not describe
                }
                if (info.name().equals(name)) {
                    found = info;
                    index = i;
                }
            }
            if (found == null) {
                problems.add(name + ": no such performance variable among the " + n);
            } else if (found.datatype() == MpitDatatype.CHAR) {
                problems.add(name + ": a string, not a number");
            } else if (found.bind() != BindType.NO_OBJECT && found.bind() != BindType.MPI_COMM) {
                problems.add(name + ": bound to " + found.bind() + ", which the tracer has none of");
            } else {
                indices.add(index);
                infos.add(found);
            }
        }
        PvarSession session = mpit.pvarSessionCreate();
        List<String> names = new ArrayList<>();
        List<PvarHandle> handles = new ArrayList<>();
        List<Object> buffers = new ArrayList<>();
        List<MpitDatatype> types = new ArrayList<>();
        for (int k = 0; k < indices.size(); k++) {
            PvarInfo info = infos.get(k);
            try {
                PvarHandle h =
                        mpit.pvarHandleAlloc(session, indices.get(k), info.bind() == BindType.MPI_COMM ? world : null);
                if (!info.continuous()) {
                    mpit.pvarStart(session, h);
                }
                names.add(info.name());
                handles.add(h);
                buffers.add(info.datatype().newBuffer(h.count()));
                types.add(info.datatype());
            } catch (MpitException e) {
                problems.add(info.name() + ": " + e.getMessage());
            }
        }
        return new PvarSampler(mpit, session, names, handles, buffers, types, problems);
    }

    /** The variables sampled, in the order of {@link #read}. */
    List<String> names() {
        return names;
    }

    /** The variables asked for and not sampled, each with its reason. */
    List<String> problems() {
        return problems;
    }

    /** Whether variable {@code i} holds whole numbers (else a {@code double}). */
    boolean isInteger(int i) {
        return types.get(i).isInteger();
    }

    /** Variable {@code i} now: the sum of its elements. */
    double read(int i) {
        Object buf = buffers.get(i);
        mpit.pvarRead(session, handles.get(i), buf);
        double sum = 0;
        if (buf instanceof int[]) {
            boolean unsigned = types.get(i) == MpitDatatype.UNSIGNED;
            for (int v : (int[]) buf) {
                sum += unsigned ? Integer.toUnsignedLong(v) : v;
            }
        } else if (buf instanceof long[]) {
            boolean signed = types.get(i) == MpitDatatype.COUNT;
            for (long v : (long[]) buf) {
                sum += signed || v >= 0 ? v : Double.parseDouble(Long.toUnsignedString(v));
            }
        } else {
            for (double v : (double[]) buf) {
                sum += v;
            }
        }
        return sum;
    }

    /** Frees the handles and the session and finalises the interface. */
    void close() {
        for (PvarHandle h : handles) {
            try {
                mpit.pvarHandleFree(session, h);
            } catch (MpitException ignored) {
                // freed with the session below
            }
        }
        mpit.pvarSessionFree(session);
        mpit.finalizeInterface();
    }
}
