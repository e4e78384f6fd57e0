package org.qmpi4j.tools.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.formats.worlds.WorldIndex;
import org.qmpi4j.formats.worlds.WorldRecord;
import org.qmpi4j.tools.mpi.WorldComm;

/**
 * How the ranks of a world agree, when their {@link OutputSession} opens, on the job's results
 * folder and on this world's folder in it: rank 0 chooses, makes and broadcasts; without a
 * broadcast each rank decides alone. Rank 0 also writes the world's record and the job's index.
 *
 * <p>The callbacks are named classes, not lambdas or method references: each of those is linked at
 * its first use by spinning a hidden class, a cost a short job's start pays in every rank.
 */
final class WorldFolders {
    /** Bytes of the broadcast that carries the world's folder: a length and the UTF-8 path. */
    private static final int PATH_BUFFER = 8192;

    private WorldFolders() {}

    /** The job's results folder, agreed by all ranks ({@code null}: none could be made). */
    static @Nullable Path agreeOnDirectory(WorldComm comm, @Nullable String requested, Log log) throws Exception {
        if (!comm.canExchangeData()) {
            // Cannot broadcast: each rank decides alone. The named directory is the same for all;
            // a default name may differ between ranks whose clocks straddle a second.
            if (comm.rank() == 0) {
                log.warn("binding '" + comm.binding() + "': ranks cannot agree on a results directory;" + " set "
                        + OutputDirectory.describeSetting() + " so that they share one");
            }
            return OutputDirectory.agree(requested, comm.rank(), null);
        }
        return OutputDirectory.agree(requested, comm.rank(), new BcastFromRank0(comm));
    }

    /** The folder's name from rank 0 to all, over the world communicator. */
    private static final class BcastFromRank0 implements OutputDirectory.Broadcast {
        private final WorldComm comm;

        BcastFromRank0(WorldComm comm) {
            this.comm = comm;
        }

        @Override
        public void fromRank0(byte[] buffer) throws Exception {
            comm.bcast(buffer, 0);
        }
    }

    /** Chooses (and makes) the world's folder while the job folder's lock is held; fills in the record's folder. */
    private static final class ClaimFolder implements WorldIndex.Locked<Path> {
        private final Path top;
        private final WorldIdentity who;
        private final String host;
        private final WorldRecord r;
        private final boolean root;

        ClaimFolder(Path top, WorldIdentity who, String host, WorldRecord r, boolean root) {
            this.top = top;
            this.who = who;
            this.host = host;
            this.r = r;
            this.root = root;
        }

        @Override
        public Path run() throws IOException {
            if (who.parent == null && !WorldIndex.topTakenByLiveWorld(top, who.id, host)) {
                r.folder = ".";
                return top;
            }
            if (!root) {
                return WorldIndex.worldFolder(
                        top, who.id); // no broadcast: the id from the library is the same everywhere
            }
            Files.createDirectories(top.resolve(WorldIndex.WORLDS_DIR));
            for (int n = 1; ; n++) {
                String name = n == 1 ? who.id : who.id + "-" + n;
                Path d = WorldIndex.worldFolder(top, name);
                try {
                    Files.createDirectory(d); // ours only if we made it: never another world's folder
                    r.folder = WorldIndex.WORLDS_DIR + "/" + name;
                    return d;
                } catch (java.nio.file.FileAlreadyExistsException taken) {
                    if (n > 1000) {
                        throw taken;
                    }
                }
            }
        }
    }

    /**
     * Where this world's rank 0 stands: chooses the world's folder, writes its {@code world.json}
     * and the job's index, and broadcasts the folder. Without a broadcast every rank decides alone,
     * which agrees when the id comes from the MPI library (Open MPI's job id).
     */
    static @Nullable Path agreeOnWorldFolder(WorldComm comm, Path top, WorldRecord[] record, Log log) throws Exception {
        boolean broadcast = comm.canExchangeData();
        Path folder = null;
        if (comm.rank() == 0 || !broadcast) {
            WorldIdentity who = WorldIdentity.of(comm.hasParent(), System.getenv());
            try {
                folder = chooseWorldFolder(top, who, comm, record, comm.rank() == 0);
            } catch (IOException | RuntimeException e) {
                log.warn("cannot create this world's results folder under " + top + " (" + e
                        + "). No results are written.");
            }
        }
        if (!broadcast) {
            return folder;
        }
        byte[] buf = new byte[PATH_BUFFER];
        if (comm.rank() == 0 && folder != null) {
            byte[] path = folder.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            if (path.length <= PATH_BUFFER - 4) {
                java.nio.ByteBuffer.wrap(buf).putInt(path.length).put(path);
            }
        }
        comm.bcast(buf, 0);
        int len = java.nio.ByteBuffer.wrap(buf).getInt();
        return len <= 0 || len > PATH_BUFFER - 4
                ? null
                : Path.of(new String(buf, 4, len, java.nio.charset.StandardCharsets.UTF_8));
    }

    private static Path chooseWorldFolder(
            Path top, WorldIdentity who, WorldComm comm, WorldRecord[] record, boolean root) throws IOException {
        String host = HostName.get();
        WorldRecord r = new WorldRecord();
        r.id = who.id;
        r.parent = who.parent;
        r.command = who.command;
        r.ranks = comm.size();
        r.binding = comm.binding();
        r.host = host;
        r.pid = org.qmpi4j.formats.files.ProcessId.get();
        r.startMillis = who.jvmStartMillis;
        Path folder = WorldIndex.locked(top, new ClaimFolder(top, who, host, r, root));
        if (root) {
            if (r.folder == null) {
                r.folder = top.relativize(folder).toString().replace(java.io.File.separatorChar, '/');
            }
            WorldIndex.writeRecord(top, r);
            WorldIndex.update(top);
            record[0] = r;
        }
        return folder;
    }
}
