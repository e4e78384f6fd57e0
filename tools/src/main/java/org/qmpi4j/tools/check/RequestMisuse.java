package org.qmpi4j.tools.check;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.Finding;

/**
 * {@code request_misuse} (an error), before the call: a persistent request started again while
 * it is still active (started, and no wait or test completed it since), and a request the program
 * freed ({@code MPI_Request_free}) given again to a call that takes one request: started, waited
 * for, tested, asked for its status, cancelled or freed once more. Each finding names both sites:
 * the earlier start or the free, and the misuse.
 *
 * <p>What is not a misuse: waiting for or testing a request again after MPI completed it. The
 * request is then inactive (a nonblocking call's is {@code MPI_REQUEST_NULL}: Open MPI's Java
 * binding stores the null handle the C call returns, MPJ Express sets its request's null flag), and
 * a wait on it returns at once, as the standard allows. Nor are the forms that take an array of
 * requests given a freed one: a freed request is {@code MPI_REQUEST_NULL}, which those forms
 * ignore by design (the idiom of an array whose finished entries were freed).
 *
 * <p>Cost: a start looks its request up among the persistent ones; every other call looks up
 * nothing while no freed request is alive.
 */
final class RequestMisuse {
    private static final String RULE = "request_misuse";

    private final Checker checker;
    private final PendingRequests requests;

    RequestMisuse(Checker checker, PendingRequests requests) {
        this.checker = checker;
        this.requests = requests;
    }

    /** Whether {@code f} is given requests this rule looks at. */
    static boolean looksAt(MpiFunction f) {
        switch (f) {
            case MPI_START:
            case MPI_STARTALL:
            case MPI_WAIT:
            case MPI_TEST:
            case MPI_REQUEST_GET_STATUS:
            case MPI_CANCEL:
            case MPI_REQUEST_FREE:
                return true;
            default:
                return false;
        }
    }

    /** Before {@code call} (one {@link #looksAt}). */
    void before(MpiCall call) {
        MpiFunction f = call.function();
        Object r = call.request();
        if (f == MpiFunction.MPI_STARTALL && r instanceof Object[]) {
            for (Object one : (Object[]) r) {
                start(call, one);
            }
        } else if (f == MpiFunction.MPI_START) {
            start(call, r);
        } else if (requests.anyFreed()) {
            PendingRequests.Freed freed = requests.freedBefore(r);
            if (freed != null) {
                usedAfterFree(call, freed);
            }
        }
    }

    private void start(MpiCall call, @Nullable Object request) {
        if (request == null) {
            return;
        }
        PendingRequests.Freed freed = requests.anyFreed() ? requests.freedBefore(request) : null;
        if (freed != null) {
            usedAfterFree(call, freed);
            return;
        }
        PendingRequests.Persistent q = requests.active(request);
        if (q != null) {
            PendingRequests.Pending made = q.made;
            checker.report(
                    RULE,
                    Finding.Severity.ERROR,
                    "this " + call.function() + " starts the persistent request of " + made.function + where(made.site)
                            + " again while it is still active: " + q.startedBy + " started it and no wait or test"
                            + " has completed it since. A persistent request may be started only when it is"
                            + " inactive: complete each start (MPI_Wait, MPI_Test) before the next",
                    Sites.of(checker.rank(), q.startedBy, q.startedAt),
                    Sites.of(checker.rank(), call.function(), call.callingAddress()));
        }
    }

    private void usedAfterFree(MpiCall call, PendingRequests.Freed freed) {
        MpiFunction f = call.function();
        String what;
        if (f == MpiFunction.MPI_REQUEST_FREE) {
            what = "this MPI_REQUEST_FREE frees a request that MPI_REQUEST_FREE freed already: free each request"
                    + " once";
        } else if (f == MpiFunction.MPI_START || f == MpiFunction.MPI_STARTALL) {
            what = "this " + f + " starts a persistent request that MPI_REQUEST_FREE freed before: a freed request"
                    + " is MPI_REQUEST_NULL, which cannot be started. Free a persistent request after its last"
                    + " start has completed";
        } else if (freed.wasActive) {
            what = "this " + f + " is given a request that MPI_REQUEST_FREE freed before, while its "
                    + freed.startedBy + where(freed.startedAt) + " was still active: a freed request is"
                    + " MPI_REQUEST_NULL, so this call returns at once and says nothing of the operation, which"
                    + " may still be in progress (its buffer must not be touched). Wait for or test a request"
                    + " before freeing it, not after";
        } else {
            what = "this " + f + " is given a request that MPI_REQUEST_FREE freed before: a freed request is"
                    + " MPI_REQUEST_NULL, so this call waits for and tells nothing. Free a request after its last"
                    + " wait or test, or drop the call";
        }
        checker.report(
                RULE,
                Finding.Severity.ERROR,
                what,
                Sites.of(checker.rank(), MpiFunction.MPI_REQUEST_FREE, freed.at),
                Sites.of(checker.rank(), f, call.callingAddress()));
    }

    private static String where(@Nullable CallingAddress site) {
        return site == null ? "" : " at line " + site.line();
    }
}
