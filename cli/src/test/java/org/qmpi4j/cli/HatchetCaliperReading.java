package org.qmpi4j.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.qmpi4j.formats.json.JsonNode;

/**
 * What Hatchet's {@code CaliperReader} (hatchet/readers/caliper_reader.py, read for this test; CI
 * cannot install Hatchet) makes of a json-split file, step for step in Java, failing where it
 * would fail: the four sections it requires, every other top-level key as metadata, the hierarchy
 * column ({@code source.function#callpath.address}, else {@code path}, else it exits), rows whose
 * path is null dropped, the columns renamed ({@code mpi.rank} to {@code rank},
 * {@code sum#time.duration} to {@code time}, {@code inclusive#sum#time.duration} to
 * {@code time (inc)}), the metric columns (values other than the rank), the
 * tree from the nodes of the hierarchy column (a parent must be read before its child: it is looked
 * up by index as the nodes are read), and the metrics per node and rank, zero where a node has no
 * row for a rank.
 */
final class HatchetCaliperReading {
    /** A node of the tree: its label, its path from the root ({@code main/Site/MPI_Send}). */
    record Node(int index, String label, String path) {}

    final Map<String, JsonNode> metadata = new LinkedHashMap<>();
    final List<String> columns = new ArrayList<>();
    final List<String> metricColumns = new ArrayList<>();
    final List<Node> roots = new ArrayList<>();
    final Map<Integer, Node> nodes = new LinkedHashMap<>();
    /** node path -> rank -> metric -> value, zero-filled for every rank up to the largest. */
    final Map<String, Map<Integer, Map<String, Double>>> metrics = new TreeMap<>();

    /** The metrics of node {@code path} per rank; fails the test if the tree has no such node. */
    Map<Integer, Map<String, Double>> ranks(String path) {
        Map<Integer, Map<String, Double>> r = metrics.get(path);
        if (r == null) {
            throw new AssertionError("no node " + path + " in " + metrics.keySet());
        }
        return r;
    }

    /** The metrics of node {@code path} on rank {@code rank}; fails the test if there are none. */
    Map<String, Double> at(String path, int rank) {
        Map<String, Double> m = ranks(path).get(rank);
        if (m == null) {
            throw new AssertionError("no rank " + rank + " at node " + path);
        }
        return m;
    }

    /** Metadata {@code key}; fails the test if the file has none. */
    JsonNode meta(String key) {
        JsonNode m = metadata.get(key);
        if (m == null) {
            throw new AssertionError("no metadata " + key + " in " + metadata.keySet());
        }
        return m;
    }

    static HatchetCaliperReading read(String text) throws Exception {
        HatchetCaliperReading h = new HatchetCaliperReading();
        JsonNode root = JsonNode.parse(text);
        List<JsonNode> data = new ArrayList<>(root.get("data").elements());
        for (JsonNode c : root.get("columns").elements()) {
            h.columns.add(c.asString());
        }
        List<JsonNode> columnMetadata = root.get("column_metadata").elements();
        List<JsonNode> jsonNodes = root.get("nodes").elements();
        for (String key : root.members().keySet()) {
            if (!Set.of("data", "columns", "column_metadata", "nodes").contains(key)) {
                h.metadata.put(key, root.get(key));
            }
        }
        String pathColumn;
        if (h.columns.contains("source.function#callpath.address")) {
            pathColumn = "source.function#callpath.address";
        } else if (h.columns.contains("path")) {
            pathColumn = "path";
        } else {
            throw new AssertionError("No hierarchy column in input file");
        }
        int pathAt = h.columns.indexOf(pathColumn);
        List<JsonNode> kept = new ArrayList<>();
        for (JsonNode row : data) {
            if (!row.elements().get(pathAt).isNull()) {
                kept.add(row);
            }
        }
        data = kept;
        List<String> renamed = new ArrayList<>();
        for (String c : h.columns) {
            renamed.add(
                    c.equals(pathColumn)
                            ? "nid"
                            : c.equals("mpi.rank")
                                    ? "rank"
                                    : c.equals("sum#time.duration")
                                            ? "time"
                                            : c.equals("inclusive#sum#time.duration") ? "time (inc)" : c);
        }
        for (int i = 0; i < columnMetadata.size(); i++) {
            if (!renamed.get(i).equals("rank")
                    && columnMetadata.get(i).get("is_value").asBoolean()) {
                h.metricColumns.add(renamed.get(i));
            }
        }
        for (int i = 0; i < columnMetadata.size(); i++) {
            if (!columnMetadata.get(i).get("is_value").asBoolean()
                    && !renamed.get(i).equals("nid")) {
                throw new AssertionError("column " + renamed.get(i) + " would be read as node labels");
            }
        }
        for (int idx = 0; idx < jsonNodes.size(); idx++) {
            JsonNode n = jsonNodes.get(idx);
            if (!n.get("column").asString().equals(pathColumn)) {
                continue;
            }
            String label = n.get("label").asString();
            Node node;
            if (!n.has("parent")) {
                node = new Node(idx, label, label);
                h.roots.add(node);
            } else {
                int parent = n.get("parent").asInt();
                Node p = h.nodes.get(parent);
                if (p == null) {
                    throw new AssertionError(
                            "node " + idx + " names parent " + parent + ", not read before it (KeyError)");
                }
                node = new Node(idx, label, p.path() + "/" + label);
            }
            h.nodes.put(idx, node);
        }
        int nid = renamed.indexOf("nid");
        int rankAt = renamed.indexOf("rank");
        int maxRank = 0;
        Map<Integer, Map<Integer, Map<String, Double>>> byNode = new HashMap<>();
        for (JsonNode row : data) {
            List<JsonNode> cells = row.elements();
            int node = cells.get(nid).asInt();
            if (!h.nodes.containsKey(node)) {
                throw new AssertionError("a row names node " + node + ", which is not in the tree");
            }
            int rank = cells.get(rankAt).asInt();
            maxRank = Math.max(maxRank, rank);
            Map<String, Double> m =
                    byNode.computeIfAbsent(node, k -> new TreeMap<>()).computeIfAbsent(rank, k -> new TreeMap<>());
            for (String metric : h.metricColumns) {
                m.merge(metric, cells.get(renamed.indexOf(metric)).asDouble(), Double::sum);
            }
        }
        for (Node n : h.nodes.values()) {
            Map<Integer, Map<String, Double>> perRank = new TreeMap<>();
            for (int r = 0; r <= maxRank; r++) {
                Map<String, Double> m = new TreeMap<>();
                for (String metric : h.metricColumns) {
                    m.put(metric, 0.0);
                }
                Map<Integer, Map<String, Double>> present = byNode.get(n.index());
                if (present != null && present.containsKey(r)) {
                    m.putAll(present.get(r));
                }
                perRank.put(r, m);
            }
            h.metrics.merge(n.path(), perRank, (a, b) -> {
                throw new AssertionError("two nodes on one path: " + n.path());
            });
        }
        return h;
    }
}
