package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;

/**
 * What a {@code message_race} finding says: the wildcard receive, the two senders and their
 * sends, the receive that took the other message where it is another, and advice for the cause
 * the race was reported for. Made only for a finding (it allocates); the receive's status is looked
 * at here ({@link StatusUse}), once per witnessed race, and a status the program reads is no finding.
 */
final class RaceFinding {
    private RaceFinding() {}

    /**
     * The record at {@code slot} of {@code races} was witnessed by the message {@code e} took, whose
     * signature is {@code b}, for the reason {@code why} ({@link MessageRaces#DIFFERENT_SITE}, ...).
     */
    static void report(Checker checker, MessageRaces races, int slot, int why, Signatures.Expect e, Object b) {
        StatusUse.Verdict v = StatusUse.verdict(races.completionSite(slot), races.statusType(slot));
        if (v.status != StatusUse.Use.NOT_READ) {
            return; // the program may tell the senders apart by the status
        }
        if (why == MessageRaces.DIFFERENT_TAG && !v.dataLookedAt) {
            return; // one receive that drops what it got: the order of the tags cannot matter
        }
        int rank = checker.rank();
        CallingAddress receiveSite = races.site(slot);
        FindingSite other = SignatureRecord.senderSite(b);
        byte[] first = races.senderSignature(slot);
        FindingSite took = first == null ? null : SignatureRecord.senderSite(first);
        int tagWanted = races.tagWanted(slot);
        String wildcard = tagWanted == MessageRaces.ANY_TAG
                ? "MPI_ANY_SOURCE and MPI_ANY_TAG"
                : "MPI_ANY_SOURCE (tag " + tagWanted + ")";
        String firstRank = took == null ? "rank " + races.source(slot) + " of the communicator" : "rank " + took.rank();
        String message = "this receive from " + wildcard + " took " + firstRank + "'s message (tag " + races.tag(slot)
                + "), but rank " + other.rank() + "'s message (tag " + e.tag + ") was sent before it completed and"
                + " not after anything it caused, so it could have been taken instead: which comes first depends"
                + " on timing; " + advice(why, e.site);
        List<FindingSite> sites = new ArrayList<>(4);
        sites.add(Sites.of(rank, races.function(slot), receiveSite));
        if (took != null) {
            sites.add(took);
        }
        sites.add(other);
        if (why == MessageRaces.DIFFERENT_SITE) {
            sites.add(Sites.of(rank, e.function, e.site));
        }
        checker.report(MessageRaces.RULE, Finding.Severity.WARNING, message, sites.toArray(new FindingSite[0]));
    }

    private static String advice(int why, @org.qmpi4j.api.Nullable CallingAddress otherReceive) {
        switch (why) {
            case MessageRaces.AFTER_PROBE:
                return "it follows a probe of MPI_ANY_SOURCE but receives from any source again, so it may take"
                        + " another message than the one probed (whose count it was given): receive from the"
                        + " probed source and tag (the probe's status)";
            case MessageRaces.DIFFERENT_TAG:
                return "the two messages carry different tags and the receive's status is not read, so the"
                        + " program cannot tell which it got: read the status' source and tag, or receive each"
                        + " tag with a receive of its own";
            default:
                return "the other message was taken by another receive"
                        + (otherReceive == null || otherReceive.line() < 0 ? "" : " (line " + otherReceive.line() + ")")
                        + " and this receive's status is not read, so the program cannot tell whose message it"
                        + " got: receive from the source it expects, read the status' source, or give each sender"
                        + " a tag of its own";
        }
    }
}
