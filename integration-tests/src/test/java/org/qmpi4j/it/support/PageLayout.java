package org.qmpi4j.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How headless Chromium lays out a page's elements at a given window width: a copy of the page
 * with a script that measures them once the page has loaded and writes the figures into the DOM,
 * which Chromium then dumps.
 */
public final class PageLayout {
    private PageLayout() {}

    /**
     * A rendered {@code td.where} cell: width in CSS pixels, lines of text, characters, how many
     * pixels of its table are out of view in the table's scrolling box, and how many its table
     * could still give other columns ({@link #ROOM}).
     */
    public record Cell(int width, int lines, int chars, int hidden, int room) {}

    /** Measures each {@code where} cell of the tables: its box's width and how many lines its text takes. */
    private static final String MEASURE = "<script>window.addEventListener('load',function(){var out=[];"
            + "document.querySelectorAll('td.where').forEach(function(td){var r=document.createRange();"
            + "r.selectNodeContents(td);var tops={};Array.prototype.forEach.call(r.getClientRects(),function(c){"
            + "if(c.width>0){tops[Math.round(c.top)]=1;}});out.push(Math.round(td.getBoundingClientRect().width)"
            + "+':'+Object.keys(tops).length+':'+td.textContent.length+':'+(function(s){return s?s.scrollWidth-s.clientWidth:0;})(td.closest('.scroll'))"
            + "+':'+(function(s,t,cs){return Math.round((s?s.clientWidth-t.getBoundingClientRect().width:0)"
            + "+td.getBoundingClientRect().width-parseFloat(cs.minWidth)-parseFloat(cs.paddingLeft)-parseFloat(cs.paddingRight));})"
            + "(td.closest('.scroll'),td.closest('table'),getComputedStyle(td)));});"
            + "document.body.setAttribute('data-where-cells',out.join(' '));});</script>";

    /** Every {@code td.where} cell of {@code html} as laid out in a window {@code width} pixels wide. */
    public static List<Cell> whereCells(Path html, int width) throws IOException, InterruptedException {
        String page = Files.readString(html, StandardCharsets.UTF_8);
        int end = page.lastIndexOf("</body>");
        assertThat(end).as("a </body> in %s", html).isPositive();
        Path copy = Files.createTempFile(html.getParent(), "layout-", ".html");
        try {
            Files.writeString(copy, page.substring(0, end) + MEASURE + page.substring(end), StandardCharsets.UTF_8);
            BundledTools.Command c = BundledTools.renderedInWindow(copy, width, 1000);
            assertThat(c.exitCode).as("chromium %s", c).isZero();
            Matcher m = Pattern.compile("data-where-cells=\"([0-9: -]*)\"").matcher(c.stdout);
            assertThat(m.find()).as("the measuring script ran").isTrue();
            List<Cell> cells = new ArrayList<>();
            for (String cell : m.group(1).trim().split(" ")) {
                if (!cell.isEmpty()) {
                    String[] v = cell.split(":");
                    cells.add(new Cell(
                            Integer.parseInt(v[0]),
                            Integer.parseInt(v[1]),
                            Integer.parseInt(v[2]),
                            Integer.parseInt(v[3]),
                            Integer.parseInt(v[4])));
                }
            }
            return cells;
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    /**
     * The {@code where} cells of {@code html} at {@code width} pixels read as call sites, not as a
     * column of single characters: at most three lines each and at least 20 characters of the
     * monospaced 12px font wide (or as wide as the text, when it is shorter); and their tables
     * fit the window, no column scrolled out of view.
     */
    public static void assertCallSitesReadable(Path html, int width) throws IOException, InterruptedException {
        List<Cell> cells = whereCells(html, width);
        assertThat(cells).as("where cells of %s", html.getFileName()).isNotEmpty();
        for (Cell c : cells) {
            assertThat(c.lines())
                    .as("lines of a %d-character call site at a window of %d px (%s)", c.chars(), width, c)
                    .isBetween(1, 3);
            assertThat(c.width())
                    .as("width of a %d-character call site at a window of %d px (%s)", c.chars(), width, c)
                    .isGreaterThanOrEqualTo(Math.min(20, c.chars()) * 7);
            assertThat(c.hidden())
                    .as("pixels of the table out of view at a window of %d px (%s)", width, c)
                    .isLessThanOrEqualTo(0);
            assertThat(c.room())
                    .as("pixels the table can still give its figures at a window of %d px (%s)", width, c)
                    .isGreaterThanOrEqualTo(ROOM);
        }
    }

    /**
     * What a table must still be able to give its figures before a column leaves the window: the
     * room beside it in its box and the call-site cell's width above its minimum (28 characters).
     * About eight digits: a longer or slower run's times take more of them, so a page laid out
     * to the last pixel scrolls on the next run (it did, under load).
     */
    static final int ROOM = 56;
}
