package org.qmpi4j.launch.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Output tagged per rank in Open MPI's {@code [job,rank]<stream>:} format. */
public final class TaggedOutput {
    private TaggedOutput() {}

    /**
     * Whole tagged lines from {@code --tag-output} text: a tagged piece followed by another tag on
     * the same line is the start of a line whose rest comes under the next tag of the same rank
     * and stream.
     */
    public static String reassemble(String tagged) {
        Pattern tag = Pattern.compile("\\[(\\d+),(\\d+)\\]<(stdout|stderr)>:");
        Map<String, StringBuilder> pending = new java.util.LinkedHashMap<>();
        StringBuilder out = new StringBuilder();
        for (String line : tagged.split("\n")) {
            Matcher m = tag.matcher(line);
            List<int[]> at = new ArrayList<>(); // {start, end} of each tag
            while (m.find()) {
                at.add(new int[] {m.start(), m.end()});
            }
            if (at.isEmpty() || at.get(0)[0] != 0) {
                String head = at.isEmpty() ? line : line.substring(0, at.get(0)[0]);
                if (!head.isEmpty() || at.isEmpty()) {
                    out.append(head).append('\n');
                }
                if (at.isEmpty()) {
                    continue;
                }
            }
            for (int i = 0; i < at.size(); i++) {
                String key = line.substring(at.get(i)[0], at.get(i)[1]);
                String text = line.substring(at.get(i)[1], i + 1 < at.size() ? at.get(i + 1)[0] : line.length());
                StringBuilder sb = pending.computeIfAbsent(key, k -> new StringBuilder());
                sb.append(text);
                if (i == at.size() - 1) {
                    out.append(key).append(sb).append('\n');
                    sb.setLength(0);
                }
            }
        }
        pending.forEach((key, sb) -> {
            if (sb.length() > 0) {
                out.append(key).append(sb).append('\n');
            }
        });
        return out.toString();
    }
}
