package org.qmpi4j.formats.profile;

import java.util.Comparator;
import java.util.Objects;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.Nullable;

/**
 * A call site of one MPI function: the function and where the application wrote the call (class,
 * method, source file, line: the API's {@link CallingAddress}, as the agent reports it). Two calls
 * are at the same site when all five agree, on whatever rank.
 */
public final class SiteKey implements Comparable<SiteKey> {
    /**
     * By class, method, file (none first), line, function. A named comparator: one built from
     * {@code Comparator.comparing} chains spins a class per lambda at a short job's first use.
     */
    private static final Comparator<SiteKey> ORDER = new Comparator<SiteKey>() {
        @Override
        public int compare(SiteKey a, SiteKey b) {
            CallingAddress x = a.address;
            CallingAddress y = b.address;
            int c = x.className().compareTo(y.className());
            if (c == 0) {
                c = x.methodName().compareTo(y.methodName());
            }
            if (c == 0) {
                String xf = x.fileName();
                String yf = y.fileName();
                c = (xf == null ? "" : xf).compareTo(yf == null ? "" : yf);
            }
            if (c == 0) {
                c = Integer.compare(x.line(), y.line());
            }
            return c != 0 ? c : a.function.compareTo(b.function);
        }
    };

    private final String function;
    private final CallingAddress address;

    /**
     * @param fileName source file or {@code null} when the class has none
     * @param line     source line or {@code -1} when unknown
     */
    public SiteKey(String function, String className, String methodName, @Nullable String fileName, int line) {
        this(function, new CallingAddress(className, methodName, fileName, line));
    }

    /** Function {@code function} called at {@code address}. */
    public SiteKey(String function, CallingAddress address) {
        this.function = Objects.requireNonNull(function, "function");
        this.address = address;
    }

    public String function() {
        return function;
    }

    /** Where the call was written: class, method, source file, line. */
    public CallingAddress address() {
        return address;
    }

    public String className() {
        return address.className();
    }

    public String methodName() {
        return address.methodName();
    }

    public @Nullable String fileName() {
        return address.fileName();
    }

    public int line() {
        return address.line();
    }

    /** {@code org.example.Ring.main(Ring.java:42)}, as in a stack trace. */
    public String where() {
        return address.toString();
    }

    @Override
    public int compareTo(SiteKey o) {
        return ORDER.compare(this, o);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SiteKey)) {
            return false;
        }
        SiteKey k = (SiteKey) o;
        return function.equals(k.function) && address.equals(k.address);
    }

    @Override
    public int hashCode() {
        // The five fields hashed as before the address was a part of its own: maps keyed by sites
        // keep their iteration order, so the files written from them stay as they were.
        return Objects.hash(function, className(), methodName(), fileName(), line());
    }

    @Override
    public String toString() {
        return function + " at " + where();
    }
}
