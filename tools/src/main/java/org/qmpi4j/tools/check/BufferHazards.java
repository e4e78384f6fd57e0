package org.qmpi4j.tools.check;

import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.Finding;

/**
 * The rules on a nonblocking call's buffer that depend on what the JVM and the binding do with it
 * while the call is pending: {@code unreachable_buffer} (a direct buffer collected with the
 * request the program dropped, {@link PendingTable}) and {@code buffer_written_early} (a receive
 * array the program changed before the completing call, where the binding fills it only in that
 * call). What they look at is kept by {@link PendingRequests}; this reports.
 */
final class BufferHazards {
    private final Checker checker;
    private final PendingRequests requests;

    BufferHazards(Checker checker, PendingRequests requests) {
        this.checker = checker;
        this.requests = requests;
    }

    /**
     * {@code unreachable_buffer}: pending calls whose request the program dropped and whose direct
     * buffer the JVM collected with it. Open MPI's binding holds a call's buffer from its request
     * ({@code Request.addRecvBufRef}) and nowhere else, so dropping the request before completing it
     * frees the buffer's native memory while MPI still owns it.
     */
    void unreachable() {
        for (PendingRequests.Pending p : requests.takeUnreachable()) {
            boolean receives = p.region.writes || p.function.name().contains("RECV");
            checker.report(
                    "unreachable_buffer",
                    Finding.Severity.ERROR,
                    "the request of this " + p.function + RequestRules.to(p) + (p.tag >= 0 ? ", tag " + p.tag : "")
                            + " became unreachable before the call completed, and its direct buffer with it: the"
                            + " program dropped the request (never waited for, tested or freed it) and held the"
                            + " buffer nowhere else, so the JVM collected the buffer and frees its native memory"
                            + (receives
                                    ? " while MPI may still write the message into it"
                                    : " while MPI may still read the message from it")
                            + ". Keep the request and complete it (MPI_Wait, MPI_Test) while the buffer is in use",
                    Sites.of(checker.rank(), p.function, p.site));
        }
    }

    /** Before a completion: {@code buffer_written_early} for each watched receive it is given. */
    void writtenEarly(MpiCall call) {
        Object r = call.request();
        if (r instanceof Object[]) {
            for (Object one : (Object[]) r) {
                writtenEarly(one, call);
            }
        } else {
            writtenEarly(r, call);
        }
    }

    private void writtenEarly(@Nullable Object request, MpiCall completion) {
        PendingRequests.Pending p = requests.writtenEarly(request);
        if (p == null) {
            return;
        }
        checker.report(
                "buffer_written_early",
                Finding.Severity.ERROR,
                "the program wrote into the buffer of this " + p.function + RequestRules.to(p)
                        + (p.tag >= 0 ? ", tag " + p.tag : "")
                        + " before the receive completed: " + checker.facts().title() + " copies the message into it"
                        + " inside the call that completes the receive (this " + completion.function() + "), over"
                        + " what the program wrote, and a library that receives in place writes it at any time"
                        + " until then. Do not touch a receive buffer until a wait or test says the receive completed",
                Sites.of(checker.rank(), p.function, p.site),
                Sites.of(checker.rank(), completion.function(), completion.callingAddress()));
    }
}
