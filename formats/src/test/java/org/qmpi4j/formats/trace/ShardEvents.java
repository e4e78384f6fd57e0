package org.qmpi4j.formats.trace;

/**
 * Calls as a shard's reader hands them out, made directly for the tests of what reads them (the
 * report's trace writers): the reader fills the fields, which only this package sets.
 */
public final class ShardEvents {
    private ShardEvents() {}

    /** A call of {@code function} on thread {@code tid}, with a peer, a tag and bytes moved. */
    public static ShardEvent call(String function, long tid, long peer, long tag, long bytes) {
        ShardEvent e = new ShardEvent();
        e.function = function;
        e.tid = tid;
        e.peer = peer;
        e.tag = tag;
        e.bytes = bytes;
        return e;
    }
}
