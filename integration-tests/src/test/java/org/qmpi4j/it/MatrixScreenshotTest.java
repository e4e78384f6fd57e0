package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.fixtures.simjob.SimulatedJob;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.report.files.ProfileOutputs;

/**
 * {@code matrix.html} of simulated jobs of 4, 256 and 4096 ranks, screenshotted in headless
 * Chromium: no script error and no console message; the legend is there; at each pair (or block
 * of ranks, when there are more ranks than pixels) where the job sent something the screenshot
 * shows a coloured cell, and where nothing was sent a white one. At 4096 ranks also a zoomed view
 * ({@code #zoom=...}) down to single pairs. The screenshots stay in
 * {@code target/matrix-screenshots/} to look at.
 */
class MatrixScreenshotTest {
    private static final Path SHOTS = Path.of("target", "matrix-screenshots");

    @ParameterizedTest
    @ValueSource(ints = {4, 256, 4096})
    void matrixShowsTrafficWhereThereIsTrafficAndNothingElse(int ranks) throws Exception {
        SimulatedJob job = new SimulatedJob(ranks);
        ProfileMerger.Streaming merge = new ProfileMerger.Streaming();
        for (int r = 0; r < ranks; r++) {
            merge.add(job.rank(r));
        }
        Profile p = merge.finish();
        Path dir = SHOTS.resolve(ranks + "-ranks");
        Files.createDirectories(dir);
        ProfileOutputs.writeRenderings(dir, p);
        Path page = dir.resolve("matrix.html");
        Set<Long> traffic = new HashSet<>();
        p.matrix().forEach((from, to, bytes, messages) -> traffic.add((long) from * ranks + to));

        check(job, traffic, page, "", dir.resolve("whole.png"), 0, 0, ranks);
        if (ranks > 256) {
            // A zoomed view of the first 64 ranks: one pixel block per pair again.
            check(job, traffic, page, "#zoom=0,0,64", dir.resolve("zoom-0-0-64.png"), 0, 0, 64);
        }
    }

    private static void check(
            SimulatedJob job, Set<Long> traffic, Path page, String fragment, Path png, int row0, int col0, int span)
            throws Exception {
        int n = job.ranks();
        BundledTools.Command browser = BundledTools.renderedAt(page, fragment);
        assertThat(browser.exitCode).as("chromium %s", browser).isZero();
        String body = bodyTag(browser.stdout);
        assertThat(browser.stderr).as("browser log").doesNotContain("Uncaught");
        assertThat(browser.stderr.lines().filter(l -> l.contains(":CONSOLE")))
                .as("console messages")
                .isEmpty();
        assertThat(body).contains("data-cells=\"" + (long) n * n + "\"");
        assertThat(browser.stdout).containsPattern("id=\"legend-max\">[0-9.]+ [KMG]?i?B<");
        int block = attr(body, "data-block")[0];
        int[] box = attr(body, "data-matrix-box");
        int cells = (span + block - 1) / block;
        double cell = box[2] / (double) cells;
        assertThat(box[2]).as("matrix drawn at a visible size").isGreaterThan(100);
        if (n > 128) {
            assertThat(body).contains("data-view=\"" + row0 + "," + col0 + "," + span + "\"");
        }

        BufferedImage shot = BundledTools.screenshot(page, fragment, png);
        int coloured = 0;
        int white = 0;
        // Sample rows spread over the view; in each, the cells of the rank's peers and a cell without traffic.
        for (int k = 0; k < 16; k++) {
            int r = row0 + (int) ((long) k * span / 16);
            for (int to : peers(job, r)) {
                if (to >= col0 && to < col0 + span) {
                    assertThat(rgb(shot, box, cell, (r - row0) / block, (to - col0) / block))
                            .as("%s: cell of %d -> %d (%s)", png.getFileName(), r, to, fragment)
                            .isNotEqualTo(0xffffff);
                    coloured++;
                }
            }
            int quietCol = quietBlock(traffic, n, r / block * block, col0, span, block);
            if (quietCol >= 0) {
                assertThat(rgb(shot, box, cell, (r - row0) / block, quietCol))
                        .as(
                                "%s: block of ranks %d.. -> column block %d without traffic",
                                png.getFileName(), r, quietCol)
                        .isEqualTo(0xffffff);
                white++;
            }
        }
        assertThat(coloured).isGreaterThan(16);
        assertThat(white).isGreaterThan(0);
    }

    private static int[] peers(SimulatedJob job, int r) {
        int[] nb = job.neighbours(r);
        int[] group = job.groupPeers(r);
        int[] all = new int[nb.length + Math.min(3, group.length) + (r == 0 ? 0 : 1)];
        System.arraycopy(nb, 0, all, 0, nb.length);
        System.arraycopy(group, 0, all, nb.length, Math.min(3, group.length));
        if (r != 0) {
            all[all.length - 1] = 0;
        }
        return all;
    }

    /** A column block (index in the view) that no rank of the row block sent to, or -1. */
    private static int quietBlock(Set<Long> traffic, int n, int rowStart, int col0, int span, int block) {
        int cells = (span + block - 1) / block;
        for (int c = cells / 2; c < cells + cells / 2; c++) {
            int cb = c % cells;
            boolean quiet = true;
            for (int i = rowStart; i < Math.min(n, rowStart + block) && quiet; i++) {
                for (int j = col0 + cb * block; j < Math.min(n, col0 + (cb + 1) * block) && quiet; j++) {
                    quiet = !traffic.contains((long) i * n + j);
                }
            }
            if (quiet) {
                return cb;
            }
        }
        return -1;
    }

    /** The screenshot's colour inside drawn cell (row, col). */
    private static int rgb(BufferedImage shot, int[] box, double cell, int row, int col) {
        int x = (int) Math.floor(box[0] + (col + 0.25) * cell); // off the centre, where small jobs print the figure
        int y = (int) Math.floor(box[1] + (row + 0.25) * cell);
        return shot.getRGB(x, y) & 0xffffff;
    }

    private static String bodyTag(String dom) {
        Matcher m = Pattern.compile("<body[^>]*>").matcher(dom);
        assertThat(m.find()).as("a body in the DOM").isTrue();
        return m.group();
    }

    private static int[] attr(String tag, String name) {
        Matcher m = Pattern.compile(name + "=\"([0-9,]+)\"").matcher(tag);
        assertThat(m.find()).as("%s in %s", name, tag).isTrue();
        String[] parts = m.group(1).split(",");
        int[] v = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            v[i] = Integer.parseInt(parts[i]);
        }
        return v;
    }
}
