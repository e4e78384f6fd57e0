package org.qmpi4j.samples.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.settings.Setting;
import org.qmpi4j.api.settings.Settings;

/**
 * Record and replay of wildcard receives: with {@code replay.record=DIR} it notes, per rank, the
 * source each blocking {@code MPI_RECV} from {@code ANY_SOURCE} matched (file
 * {@code DIR/wildcards-rank<r>.txt}, one rank per line); with {@code replay.from=DIR} it replaces
 * {@code ANY_SOURCE} in the same receives, in the same order, by the recorded source, so that the
 * run matches messages as the recorded one did. Receives beyond the record stay wildcards. At
 * {@code MPI_Finalize} it prints
 * <pre>
 * QMPI4J-REPLAY rank=0 mode=replay wildcards=3 replaced=3
 * </pre>
 */
public final class WildcardReplayTool implements ToolProvider {
    static final Setting<String> RECORD =
            Setting.string("replay.record", "", "folder to record the sources of wildcard receives into");
    static final Setting<String> FROM =
            Setting.string("replay.from", "", "folder of a recorded run whose wildcard receives to replay");

    /** Per-instance storage (receives run in the application's threads, hence the lock). */
    static final class Replay {
        final @Nullable Path record;
        final @Nullable Path from;
        final List<Integer> sources = new ArrayList<>();

        @Nullable
        List<Integer> recorded;

        int wildcards;
        int replaced;

        Replay(@Nullable Path record, @Nullable Path from) {
            this.record = record;
            this.from = from;
        }
    }

    @Override
    public String name() {
        return "replay";
    }

    @Override
    public String description() {
        return "records the sources of wildcard receives, or replays them (sample tool)";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(RECORD, FROM);
    }

    @Override
    public void initialize(int toolId) {
        Path record = path(Settings.current().get(RECORD));
        Path from = path(Settings.current().get(FROM));
        if (record == null && from == null) {
            return;
        }
        Qmpi.registerToolStorage(toolId, new Replay(record, from));
        ToolFunction next = Qmpi.getNextToolFunction(toolId, MpiFunction.MPI_RECV);
        Qmpi.registerToolFunction(
                toolId, MpiFunction.MPI_RECV, (context, id, call) -> receive(context, id, call, next));
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, WildcardReplayTool::finish);
    }

    private static @Nullable Path path(@Nullable String setting) {
        return setting == null || setting.isBlank() ? null : Path.of(setting.trim());
    }

    private static Object receive(QmpiContext context, int toolId, MpiCall call, ToolFunction next) throws Exception {
        if (call.peer() != (Integer) Qmpi.bindingConstant(toolId, "ANY_SOURCE")) {
            return next.invoke(context, call);
        }
        Replay replay = Qmpi.getToolStorage(context, toolId);
        Integer source = null;
        synchronized (replay) {
            replay.wildcards++;
            if (replay.from != null) {
                List<Integer> recorded = recorded(replay, toolId);
                int k = replay.wildcards - 1;
                if (k < recorded.size()) {
                    source = recorded.get(k);
                    replay.replaced++;
                }
            }
        }
        // The changed copy goes on; the application's call stays as it was written.
        Object status = next.invoke(context, source == null ? call : call.withRole(ArgumentRole.PEER, source));
        if (replay.record != null) {
            int matched = sourceOf(status);
            synchronized (replay) {
                replay.sources.add(matched);
            }
        }
        return status;
    }

    private static List<Integer> recorded(Replay replay, int toolId) throws Exception {
        if (replay.recorded == null) {
            Path file = file(replay.from, toolId);
            replay.recorded = Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .map(String::trim)
                    .filter(l -> !l.isEmpty())
                    .map(Integer::valueOf)
                    .collect(Collectors.toList());
        }
        return replay.recorded;
    }

    private static Path file(@Nullable Path dir, int toolId) throws Exception {
        return Path.of(String.valueOf(dir)).resolve("wildcards-rank" + ToolOutput.worldRank(toolId) + ".txt");
    }

    /** The source of a receive's status, whatever the binding: Open MPI's getSource(), MPJ's field source. */
    private static int sourceOf(@Nullable Object status) throws ReflectiveOperationException {
        if (status == null) {
            throw new IllegalStateException("the receive returned no status");
        }
        try {
            return (Integer) status.getClass().getMethod("getSource").invoke(status);
        } catch (NoSuchMethodException e) {
            return status.getClass().getField("source").getInt(status);
        }
    }

    private static Object finish(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Replay replay = Qmpi.getToolStorage(context, toolId);
        if (replay.record != null) {
            writeRecord(replay, file(replay.record, toolId));
        }
        ToolOutput.print(new StringBuilder("QMPI4J-REPLAY rank=")
                .append(ToolOutput.worldRank(toolId))
                .append(" mode=")
                .append(replay.from != null ? "replay" : "record")
                .append(" wildcards=")
                .append(replay.wildcards)
                .append(" replaced=")
                .append(replay.replaced)
                .append('\n'));
        return Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
    }

    private static void writeRecord(Replay replay, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        List<String> lines;
        synchronized (replay) {
            lines = replay.sources.stream().map(String::valueOf).collect(Collectors.toList());
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }
}
