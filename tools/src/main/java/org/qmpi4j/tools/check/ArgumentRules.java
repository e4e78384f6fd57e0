package org.qmpi4j.tools.check;

import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.tools.mpi.MessageRoles;

/**
 * {@code invalid_argument}: counts, tags, ranks and roots out of range, and buffered sends with no
 * room in the attached buffer ({@link AttachedBuffer}), found before the call so the finding is
 * written before MPI fails on it.
 */
final class ArgumentRules {
    private final Checker checker;
    private final PeerConstants constants;
    private final AttachedBuffer attached;

    ArgumentRules(Checker checker, PeerConstants constants, AttachedBuffer attached) {
        this.checker = checker;
        this.constants = constants;
        this.attached = attached;
    }

    void check(MpiCall call, Communicators c) {
        MpiFunction f = call.function();
        if (AttachedBuffer.buffered(f)) {
            String problem = attached.problem(call.bytes());
            if (problem != null) {
                checker.report(
                        "invalid_argument",
                        Finding.Severity.ERROR,
                        f + " with " + problem + ": the standard makes it an error (MPI_ERR_BUFFER); a library"
                                + " that can send the message at once may let it pass (Open MPI 4.1 does with a"
                                + " message it sends eagerly), another fails it; attach a buffer with room for every"
                                + " buffered send that may be pending, each its message plus MPI_BSEND_OVERHEAD, or"
                                + " send with MPI_Send or MPI_Isend",
                        Sites.of(checker.rank(), f, call.callingAddress()));
            }
        }
        int count = call.count();
        if (count != MpiCall.ABSENT && count < 0) {
            invalid(call, "a negative count (" + count + ")", "pass the number of elements, 0 or more");
        }
        int tag = call.tag();
        boolean receives = CallNeeds.receives(f);
        if (tag != MpiCall.ABSENT && tag < 0 && !(receives && tag == constants.anyTag)) {
            invalid(
                    call,
                    "a negative tag (" + tag + ")",
                    "tags are from 0 to MPI_TAG_UB" + (receives ? "; a receive may also take MPI_ANY_TAG" : ""));
        }
        Object comm = call.communicator();
        int peer = call.peer();
        if (peer == MpiCall.ABSENT && comm == null) {
            return;
        }
        Communicators.Info info = c.learn(comm);
        if (peer == MpiCall.ABSENT || info == null || info.inter || info.size < 0) {
            return;
        }
        if (f.kind() == MpiFunction.Kind.COLLECTIVE) {
            if (peer < 0 || peer >= info.size) {
                invalid(
                        call,
                        "root " + peer + " on " + info.name + " of " + info.size + " ranks",
                        "the root is a rank of the communicator, 0 to " + (info.size - 1));
            }
            return;
        }
        peer(call, f, peer, info, receives);
        if (f == MpiFunction.MPI_SENDRECV || f == MpiFunction.MPI_SENDRECV_REPLACE) {
            int source = MessageRoles.sendRecvSource(call);
            if (source != MpiCall.ABSENT) {
                peer(call, f, source, info, true);
            }
        }
    }

    private void peer(MpiCall call, MpiFunction f, int peer, Communicators.Info info, boolean receive) {
        if (peer == constants.procNull || (receive && peer == constants.anySource) || (peer >= 0 && peer < info.size)) {
            return;
        }
        invalid(
                call,
                (receive ? "source " : "destination ") + peer + " on " + info.name + " of " + info.size + " ranks",
                "use a rank from 0 to " + (info.size - 1) + (receive ? ", MPI_ANY_SOURCE" : "") + " or MPI_PROC_NULL");
    }

    private void invalid(MpiCall call, String what, String fix) {
        checker.report(
                "invalid_argument",
                Finding.Severity.ERROR,
                call.function() + " with " + what + ": MPI fails on it; " + fix,
                Sites.of(checker.rank(), call.function(), call.callingAddress()));
    }
}
