package org.qmpi4j.cli.otf2;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;

/**
 * An OTF2 archive as OTF2's own readers see it: the Python bindings (Debian's {@code python3-otf2},
 * through {@code otf2/otf2_records.py}) and {@code otf2-print} (Debian's {@code otf2-tools}). Both
 * are installed by {@code scripts/setup-otf2.sh}.
 */
public final class Otf2Reading {
    public long resolution;
    public long offset;
    public long length;
    public boolean ordered;
    public List<String> problems = new ArrayList<>();
    public final Map<Integer, String> hostOf = new TreeMap<>();
    public final Map<String, String> sourceOf = new TreeMap<>();
    /** Each communicator's group (and an intercommunicator's second group) as world ranks, by name. */
    public final Map<String, List<List<Integer>>> comms = new TreeMap<>();
    /** Events per location, by {@code <location name>@<rank>}. */
    public final Map<String, Long> locationEvents = new TreeMap<>();

    private final Map<Integer, Map<String, Long>> records = new TreeMap<>();

    /** Records of one rank: {@code Enter MPI_Send}, {@code MpiSend to 1 on MPI_COMM_WORLD tag 5 bytes 80}, ... */
    public Map<String, Long> records(int rank) {
        return records.getOrDefault(rank, Map.of());
    }

    /** Every rank's records. */
    public Map<Integer, Map<String, Long>> records() {
        return records;
    }

    /** Reads {@code anchor} ({@code traces.otf2}) with OTF2's Python bindings. */
    public static Otf2Reading python(Path anchor) throws IOException, InterruptedException, JsonFormatException {
        Path script = Files.createTempFile("otf2_records", ".py");
        try {
            try (InputStream in = Otf2Reading.class.getResourceAsStream("/otf2/otf2_records.py")) {
                if (in == null) {
                    throw new IOException("otf2/otf2_records.py not on the test class path");
                }
                Files.copy(in, script, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            String json = run("/usr/bin/python3", script.toString(), anchor.toString());
            JsonNode n = JsonNode.parse(json);
            Otf2Reading r = new Otf2Reading();
            r.resolution = n.get("resolution").asLong();
            r.offset = n.get("offset").asLong();
            r.length = n.get("length").asLong();
            r.ordered = n.get("ordered").asBoolean();
            for (JsonNode p : n.get("problems").elements()) {
                r.problems.add(p.asString());
            }
            for (Map.Entry<String, JsonNode> e : n.get("hosts").members().entrySet()) {
                r.hostOf.put(Integer.parseInt(e.getKey()), e.getValue().asString());
            }
            for (Map.Entry<String, JsonNode> e : n.get("sources").members().entrySet()) {
                r.sourceOf.put(e.getKey(), e.getValue().asString());
            }
            for (Map.Entry<String, JsonNode> e : n.get("comms").members().entrySet()) {
                List<List<Integer>> groups = new ArrayList<>();
                for (JsonNode g : e.getValue().elements()) {
                    List<Integer> members = new ArrayList<>();
                    for (JsonNode m : g.elements()) {
                        members.add(m.asInt());
                    }
                    groups.add(members);
                }
                r.comms.put(e.getKey(), groups);
            }
            for (Map.Entry<String, JsonNode> e : n.get("locations").members().entrySet()) {
                r.locationEvents.put(e.getKey(), e.getValue().asLong());
            }
            for (Map.Entry<String, JsonNode> rank : n.get("records").members().entrySet()) {
                Map<String, Long> counts = new TreeMap<>();
                for (Map.Entry<String, JsonNode> e : rank.getValue().members().entrySet()) {
                    counts.put(e.getKey(), e.getValue().asLong());
                }
                r.records.put(Integer.parseInt(rank.getKey()), counts);
            }
            return r;
        } finally {
            Files.deleteIfExists(script);
        }
    }

    /** What {@code otf2-print} printed: event records per kind (its upper-case names). */
    public static final class Printed {
        public final Map<String, Long> perRecord = new TreeMap<>();
        public String text = "";
        /** What it printed on stderr, and lines of stdout that warn: empty for an archive it reads without complaint. */
        public String warnings = "";
    }

    /** Runs {@code otf2-print} on {@code anchor}. */
    public static Printed otf2Print(Path anchor) throws IOException, InterruptedException {
        Printed p = new Printed();
        StringBuilder err = new StringBuilder();
        p.text = run(err, "otf2-print", anchor.toString());
        StringBuilder warnings = new StringBuilder(err);
        p.text.lines()
                .filter(l -> l.toLowerCase(java.util.Locale.ROOT).contains("warning"))
                .forEach(l -> warnings.append(l).append('\n'));
        p.warnings = warnings.toString().strip();
        boolean events = false;
        for (String line : p.text.split("\n")) {
            if (line.startsWith("=== Events")) {
                events = true;
                continue;
            }
            if (!events) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[0].matches("[A-Z_]+") && f[1].matches("\\d+") && f[2].matches("\\d+")) {
                p.perRecord.merge(f[0], 1L, Long::sum);
            }
        }
        return p;
    }

    private static String run(String... command) throws IOException, InterruptedException {
        return run(new StringBuilder(), command);
    }

    private static String run(StringBuilder stderr, String... command) throws IOException, InterruptedException {
        Path err = Files.createTempFile("otf2-reader", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
            byte[] out;
            try (InputStream o = p.getInputStream()) {
                out = o.readAllBytes();
            }
            if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IOException(
                        String.join(" ", command) + " failed: " + Files.readString(err, StandardCharsets.UTF_8));
            }
            stderr.append(Files.readString(err, StandardCharsets.UTF_8));
            return new String(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
