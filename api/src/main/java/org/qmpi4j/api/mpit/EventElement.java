package org.qmpi4j.api.mpit;

/**
 * One element of an event type's data: its datatype, its place in the buffer of
 * {@link MpiT#eventCopy} (the displacement, in bytes) and, as a qmpi4j addition for listings, a name.
 * Numbers take one value; a {@link MpitDatatype#CHAR} element is a NUL-terminated UTF-8 string of
 * at most {@link #length()} bytes, NUL included.
 */
public final class EventElement {
    private final String name;
    private final MpitDatatype datatype;
    private final int length;
    private final int displacement;

    public EventElement(String name, MpitDatatype datatype, int length, int displacement) {
        this.name = name;
        this.datatype = datatype;
        this.length = length;
        this.displacement = displacement;
    }

    /** The element's name (unique within its event type). */
    public String name() {
        return name;
    }

    public MpitDatatype datatype() {
        return datatype;
    }

    /** Elements of {@link #datatype()} it holds: 1 for numbers, the byte length of a CHAR element. */
    public int length() {
        return length;
    }

    /** Byte offset of the element in {@link MpiT#eventCopy}'s buffer. */
    public int displacement() {
        return displacement;
    }

    /** Bytes the element takes in {@link MpiT#eventCopy}'s buffer. */
    public int size() {
        return length * bytesOf(datatype);
    }

    /** Bytes of one value of {@code t} in a copy buffer (C's sizes on LP64). */
    public static int bytesOf(MpitDatatype t) {
        switch (t) {
            case INT:
            case UNSIGNED:
                return 4;
            case CHAR:
                return 1;
            default:
                return 8;
        }
    }

    @Override
    public String toString() {
        return name + ":" + datatype + (datatype == MpitDatatype.CHAR ? "[" + length + "]" : "") + "@" + displacement;
    }
}
