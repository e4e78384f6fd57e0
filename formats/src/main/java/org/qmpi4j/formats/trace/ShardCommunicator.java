package org.qmpi4j.formats.trace;

import java.util.Arrays;

/**
 * A communicator named by an {@code M} line of a version-4 shard ({@link TraceFormat}): its id in
 * this shard, its key (the same on every member rank), and its groups as {@code COMM_WORLD} ranks.
 */
public final class ShardCommunicator {
    private final int id;
    private final String key;
    private final boolean inter;
    private final int[] local;
    private final int[] remote;

    public ShardCommunicator(int id, String key, boolean inter, int[] local, int[] remote) {
        this.id = id;
        this.key = key;
        this.inter = inter;
        this.local = local.clone();
        this.remote = remote.clone();
    }

    /** The id this shard's E and W lines name it by (numbered per rank, in creation order). */
    public int id() {
        return id;
    }

    /**
     * The key naming this communicator identically on all its members ({@link TraceFormat#WORLD_KEY}
     * for {@code COMM_WORLD}): the same key in two ranks' shards is the same communicator.
     */
    public String key() {
        return key;
    }

    public boolean isWorld() {
        return key.equals(TraceFormat.WORLD_KEY);
    }

    /** Whether it is an intercommunicator. */
    public boolean isInter() {
        return inter;
    }

    /** The local group as {@code COMM_WORLD} ranks, in communicator rank order (-1: outside COMM_WORLD). */
    public int[] localGroup() {
        return local.clone();
    }

    /** An intercommunicator's remote group as {@code COMM_WORLD} ranks; empty for an intracommunicator. */
    public int[] remoteGroup() {
        return remote.clone();
    }

    /** The number of processes in the local group. */
    public int size() {
        return local.length;
    }

    @Override
    public String toString() {
        return "communicator " + id + " " + key + (inter ? " inter " : " ") + Arrays.toString(local)
                + (inter ? " / " + Arrays.toString(remote) : "");
    }
}
