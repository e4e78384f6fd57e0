package org.qmpi4j.api.mpit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.qmpi4j.api.Nullable;

/**
 * An event type to add with {@link MpiT#registerEventType}: name, elements and the source that
 * raises it. Displacements are laid out by {@link Builder#build()}: each element at the next offset
 * aligned to its datatype's size, as a C struct would.
 *
 * <pre>{@code
 * EventType retried = mpit.registerEventType(EventDefinition.builder("mytool_retry")
 *         .description("A retry of my tool")
 *         .element("attempt", MpitDatatype.INT)
 *         .element("peer", MpitDatatype.INT)
 *         .build());
 * ...
 * if (retried.isWatched()) {            // free while nobody registered for it
 *     retried.raise(CallbackSafety.THREAD_SAFE, null, attempt, peer);
 * }
 * }</pre>
 */
public final class EventDefinition {
    /** Everything {@link MpiT#eventGetInfo} will answer: one class for both, so they cannot disagree. */
    private final EventInfo info;

    private EventDefinition(Builder b, List<EventElement> elements) {
        Metadata m = b.metadata;
        this.info =
                new EventInfo(b.name, m.verbosity(), elements, m.enumType(), m.description(), m.bind(), b.sourceIndex);
    }

    /** A builder: verbosity {@link Verbosity#USER_BASIC}, not bound, source 0, no elements yet. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    public String name() {
        return info.name();
    }

    /** What {@link MpiT#eventGetInfo} will answer for the type. */
    public EventInfo info() {
        return info;
    }

    /** The elements with their displacements. */
    public List<EventElement> elements() {
        return info.elements();
    }

    /** The source that raises instances (see {@link MpiT#sourceGetInfo}). */
    public int sourceIndex() {
        return info.sourceIndex();
    }

    /** Builds an {@link EventDefinition}. */
    public static final class Builder {
        private final String name;
        private final Metadata metadata = new Metadata();
        private final List<String> names = new ArrayList<>();
        private final List<MpitDatatype> types = new ArrayList<>();
        private final List<Integer> lengths = new ArrayList<>();
        private int sourceIndex;

        private Builder(String name) {
            this.name = name;
        }

        // Setters alike in the three builders: each returns its own public Builder; Metadata does the work.
        public Builder verbosity(Verbosity v) {
            metadata.verbosity(v);
            return this;
        }

        public Builder description(@Nullable String d) {
            metadata.description(d);
            return this;
        }

        /** The kind of object registrations bind to; events then reach registrations bound to their object. */
        public Builder bind(BindType b) {
            metadata.bind(b);
            return this;
        }

        /** An enumeration for the type's {@link MpitDatatype#INT} elements (from {@link MpiT#registerEnum}). */
        public Builder enumType(@Nullable EnumType e) {
            metadata.enumType(e);
            return this;
        }

        /** The source raising the instances; 0, the process's default source, unless set. */
        public Builder source(int index) {
            this.sourceIndex = index;
            return this;
        }

        /** Appends a numeric element (any datatype but {@link MpitDatatype#CHAR}). */
        public Builder element(String elementName, MpitDatatype datatype) {
            return element(elementName, datatype, 1);
        }

        /** Appends an element; {@code length} is the byte length of a CHAR element (NUL included), 1 otherwise. */
        public Builder element(String elementName, MpitDatatype datatype, int length) {
            names.add(elementName);
            types.add(datatype);
            lengths.add(length);
            return this;
        }

        /**
         * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} for an empty name,
         *                       {@link ReturnCode#MPI_T_ERR_INVALID} for elements the text does not
         *                       allow (an unnamed or repeated element, a CHAR element under 2 bytes,
         *                       a numeric element of length other than 1, an enumeration without an
         *                       INT element, a negative source)
         */
        public EventDefinition build() {
            Metadata.requireName(name, "an event type");
            String what = "event type " + name + ": ";
            if (sourceIndex < 0) {
                throw new MpitException(ReturnCode.MPI_T_ERR_INVALID, what + "source index " + sourceIndex);
            }
            List<EventElement> laidOut = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            int offset = 0;
            boolean hasInt = false;
            for (int i = 0; i < names.size(); i++) {
                String n = names.get(i);
                MpitDatatype t = types.get(i);
                int length = lengths.get(i);
                if (n == null || n.isEmpty() || !seen.add(n) || t == null) {
                    throw new MpitException(
                            ReturnCode.MPI_T_ERR_INVALID,
                            what + "element " + i + " needs a unique name and a datatype");
                }
                if (t == MpitDatatype.CHAR ? length < 2 : length != 1) {
                    throw new MpitException(
                            ReturnCode.MPI_T_ERR_INVALID, what + "element " + n + " of length " + length);
                }
                hasInt |= t == MpitDatatype.INT;
                int align = EventElement.bytesOf(t);
                offset = (offset + align - 1) / align * align;
                EventElement e = new EventElement(n, t, length, offset);
                laidOut.add(e);
                offset += e.size();
            }
            if (metadata.enumType() != null && !hasInt) {
                throw new MpitException(ReturnCode.MPI_T_ERR_INVALID, what + "an enumeration needs an INT element");
            }
            return new EventDefinition(this, laidOut);
        }
    }
}
