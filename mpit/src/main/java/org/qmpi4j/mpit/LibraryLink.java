package org.qmpi4j.mpit;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.mpit.library.MpitLibrary;

/**
 * How a registry reaches the MPI library's own MPI_T: what knows the binding (the agent's process
 * telemetry, or the listing command) finds the library and translates the binding's Java objects
 * to the library's C handles.
 */
public interface LibraryLink {
    /** No library: the registry shows the agent's variables only, saying {@code reason}. */
    static LibraryLink none(String reason) {
        return new LibraryLink() {
            @Override
            public @Nullable MpitLibrary find() {
                return null;
            }

            @Override
            public String absence() {
                return reason;
            }

            @Override
            public long nativeHandle(BindType kind, Object object) {
                throw new IllegalArgumentException("no MPI library");
            }
        };
    }

    /**
     * The library, if it can be reached now; {@code null} if not (yet). Called again later while it
     * answers {@code null}, so it should remember a final "no" and answer it cheaply.
     */
    @Nullable
    MpitLibrary find();

    /** Why {@link #find} answered {@code null}. */
    String absence();

    /**
     * The C handle of a binding object of {@code kind} ({@code MPI.COMM_WORLD} to Open MPI's
     * {@code MPI_Comm}).
     *
     * @throws IllegalArgumentException if the object has none this link can read
     */
    long nativeHandle(BindType kind, Object object);
}
