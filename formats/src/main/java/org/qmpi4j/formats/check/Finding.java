package org.qmpi4j.formats.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One finding of the {@code check} tool: a rule broken at some call sites, with how often. Two
 * findings of the same rule at the same sites are the same finding ({@link #key()}); the count
 * says how many times it happened.
 */
public final class Finding {
    /** How bad a finding is: an {@code error} breaks the MPI standard, a {@code warning} is likely wrong. */
    public enum Severity {
        ERROR,
        WARNING;

        /** {@code error} or {@code warning}, as in the files. */
        public String text() {
            return this == ERROR ? "error" : "warning";
        }

        static Severity of(String text) {
            return "warning".equals(text) ? WARNING : ERROR;
        }
    }

    private final String rule;
    private final Severity severity;
    private final String message;
    private final List<FindingSite> sites;
    private final long count;

    public Finding(String rule, Severity severity, String message, List<FindingSite> sites, long count) {
        this.rule = Objects.requireNonNull(rule, "rule");
        this.severity = Objects.requireNonNull(severity, "severity");
        this.message = Objects.requireNonNull(message, "message");
        this.sites = Collections.unmodifiableList(new ArrayList<>(sites));
        this.count = count;
    }

    public String rule() {
        return rule;
    }

    public Severity severity() {
        return severity;
    }

    public String message() {
        return message;
    }

    /** The call sites involved, in the order the rule names them (e.g. the sender's, then the receiver's). */
    public List<FindingSite> sites() {
        return sites;
    }

    /** How many times it happened. */
    public long count() {
        return count;
    }

    /** The same finding happened {@code more} more times. */
    public Finding plus(long more) {
        return new Finding(rule, severity, message, sites, count + more);
    }

    /** What makes two findings the same: the rule and the sites (the message may carry values that vary). */
    public String key() {
        StringBuilder b = new StringBuilder(rule);
        for (FindingSite s : sites) {
            b.append('|').append(s.key());
        }
        return b.toString();
    }

    /** One line for people: {@code error request_leak: <message> [rank 0 MPI_ISEND Leak.main(Leak.java:12)] (3 times)}. */
    public String line() {
        StringBuilder b = new StringBuilder();
        b.append(severity.text()).append(' ').append(rule).append(": ").append(message);
        for (FindingSite s : sites) {
            b.append(" [").append(s).append(']');
        }
        if (count > 1) {
            b.append(" (").append(count).append(" times)");
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return line();
    }
}
