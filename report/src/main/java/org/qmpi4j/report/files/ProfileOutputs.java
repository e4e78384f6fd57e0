package org.qmpi4j.report.files;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.report.render.MatrixHtml;
import org.qmpi4j.report.render.MatrixSvg;
import org.qmpi4j.report.render.ReportHtml;
import org.qmpi4j.report.render.TextReport;

/** Writes a profile's files into a results directory: JSON, text and HTML report, HTML and SVG matrix. */
public final class ProfileOutputs {
    private ProfileOutputs() {}

    /**
     * Writes {@code profile.json} (streamed), {@code profile-ranks.jsonl} when the profile's ranks'
     * shares are kept apart ({@link Profile#rankDetail()}), and the renderings; returns the names
     * written.
     */
    public static List<String> writeAll(Path dir, Profile p) throws IOException {
        AtomicFiles.write(dir.resolve(ResultFiles.PROFILE_JSON), new ProfileJson(p));
        Path detail = dir.resolve(ResultFiles.PROFILE_RANKS_JSONL);
        if (p.rankDetail() != null) {
            AtomicFiles.write(detail, new RankDetailLines(p));
        } else {
            Files.deleteIfExists(detail); // of an earlier merge: it would contradict profile.json
        }
        writeRenderings(dir, p);
        return p.rankDetail() == null
                ? List.of(
                        ResultFiles.REPORT_TXT,
                        ResultFiles.REPORT_HTML,
                        ResultFiles.PROFILE_JSON,
                        ResultFiles.MATRIX_HTML,
                        ResultFiles.MATRIX_SVG)
                : List.of(
                        ResultFiles.REPORT_TXT,
                        ResultFiles.REPORT_HTML,
                        ResultFiles.PROFILE_JSON,
                        ResultFiles.PROFILE_RANKS_JSONL,
                        ResultFiles.MATRIX_HTML,
                        ResultFiles.MATRIX_SVG);
    }

    /** Named classes, not lambdas: rank 0 writes these at the end of every job. */
    private static final class ProfileJson implements AtomicFiles.Content {
        private final Profile p;

        ProfileJson(Profile p) {
            this.p = p;
        }

        @Override
        public void writeTo(Writer out) {
            ProfileFormat.write(p, out);
        }
    }

    private static final class RankDetailLines implements AtomicFiles.Content {
        private final Profile p;

        RankDetailLines(Profile p) {
            this.p = p;
        }

        @Override
        public void writeTo(Writer out) throws IOException {
            ProfileFormat.writeRankDetail(p, out);
        }
    }

    /** Writes {@code report.txt}, {@code report.html}, {@code matrix.html} and {@code matrix.svg} from {@code p}. */
    public static void writeRenderings(Path dir, Profile p) throws IOException {
        AtomicFiles.write(
                dir.resolve(ResultFiles.REPORT_TXT), TextReport.render(p, TextReport.Detail.VERBOSE, "qmpi4j profile"));
        String html = ReportHtml.render(p);
        java.util.List<org.qmpi4j.formats.check.Finding> findings = CheckOutputs.read(dir);
        if (findings != null) {
            // The check tool wrote its findings first (or merge rebuilds both): its section goes in the page.
            html = org.qmpi4j.report.render.CheckHtml.insert(html, findings);
        }
        AtomicFiles.write(dir.resolve(ResultFiles.REPORT_HTML), html);
        AtomicFiles.write(dir.resolve(ResultFiles.MATRIX_HTML), MatrixHtml.render(p));
        AtomicFiles.write(dir.resolve(ResultFiles.MATRIX_SVG), MatrixSvg.render(p));
    }
}
