package org.qmpi4j.tools.check;

import java.util.IdentityHashMap;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.tools.mpi.ToolErrors;

/**
 * The checker's own duplicate of each communicator the application makes, on which the datatype
 * signatures of its messages travel apart from the application's. {@code COMM_WORLD}'s is made at
 * start-up; any other's right after the application's call that made it returned
 * ({@code MPI_Comm_split}, {@code MPI_Comm_dup}, {@code MPI_Comm_create},
 * {@code MPI_Intercomm_create}, ...): that call is collective over the new communicator's members,
 * so every member makes the duplicate at the same point, as {@code MPI_Comm_dup} requires. A
 * communicator met otherwise (a spawned world's parent, one made by a nonblocking duplicate) has
 * none, and its messages are not followed. Errors on a duplicate return (see {@link ToolErrors}):
 * a signature MPI refuses must not end a job whose own communicator returns errors.
 */
final class CommDuplicates {
    /** Beyond this many, new communicators are not followed: each duplicate holds a context id of MPI's. */
    private static final int LIMIT = 1024;

    private final int toolId;
    private final Map<Object, Object> dups = new IdentityHashMap<>();
    private final Object worldDup;

    CommDuplicates(int toolId, Object world) throws Exception {
        this.toolId = toolId;
        Object d = Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_DUP, world);
        if (d == null) {
            throw new IllegalStateException("MPI_COMM_DUP returned null");
        }
        ToolErrors.returnOn(toolId, d);
        dups.put(world, d);
        worldDup = d;
    }

    /** The duplicate of {@code COMM_WORLD}. */
    Object world() {
        return worldDup;
    }

    /** Whether {@code f} returns a new communicator all of whose members call it together. */
    static boolean creates(MpiFunction f) {
        switch (f) {
            case MPI_COMM_DUP:
            case MPI_COMM_DUP_WITH_INFO:
            case MPI_COMM_SPLIT:
            case MPI_COMM_SPLIT_TYPE:
            case MPI_COMM_CREATE:
            case MPI_COMM_CREATE_GROUP:
            case MPI_INTERCOMM_CREATE:
            case MPI_INTERCOMM_MERGE:
            case MPI_CART_CREATE:
            case MPI_CART_SUB:
            case MPI_GRAPH_CREATE:
            case MPI_DIST_GRAPH_CREATE:
            case MPI_DIST_GRAPH_CREATE_ADJACENT:
                return true;
            default:
                return false;
        }
    }

    /** After a call that {@link #creates} a communicator returned {@code made}: its duplicate, now. */
    void created(@Nullable Object made) throws Exception {
        if (made == null || isNull(made)) {
            return;
        }
        synchronized (this) {
            if (dups.containsKey(made) || dups.size() >= LIMIT) {
                return;
            }
        }
        Object d = Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_DUP, made);
        if (d != null) {
            ToolErrors.returnOn(toolId, d);
            synchronized (this) {
                dups.put(made, d);
            }
        }
    }

    /** The duplicate of {@code comm}, or {@code null}. */
    synchronized @Nullable Object of(@Nullable Object comm) {
        return comm == null ? null : dups.get(comm);
    }

    /**
     * The application freed {@code comm}: its duplicate is forgotten but not freed, since signatures
     * may still be on their way on it; a later communicator the binding gives the same object is
     * then duplicated afresh.
     */
    synchronized void forget(@Nullable Object comm) {
        dups.remove(comm);
    }

    /**
     * Whether {@code comm} is the binding's null communicator (Open MPI's {@code isNull()}: what
     * {@code split} with {@code MPI_UNDEFINED} returns, or {@code MPI_Comm_create} to non-members).
     * MPI must not be asked to duplicate it: the error would abort the job.
     */
    static boolean isNull(Object comm) {
        try {
            return Boolean.TRUE.equals(comm.getClass().getMethod("isNull").invoke(comm));
        } catch (NoSuchMethodException e) {
            return false;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return true;
        }
    }
}
