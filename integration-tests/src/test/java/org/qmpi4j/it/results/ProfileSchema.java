package org.qmpi4j.it.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The published JSON Schema of {@code profile.json} ({@code docs/schemas/profile.schema.json}),
 * against which every profile the tests read is validated: a change of the format that the schema
 * does not describe fails the suite.
 */
public final class ProfileSchema {
    /** Where script authors find it, relative to the repository. */
    public static final String PATH = "docs/schemas/profile.schema.json";

    private static Schema schema;

    private ProfileSchema() {}

    static synchronized Schema schema() throws IOException {
        if (schema == null) {
            // The repository as Maven names it (AgentJob.repoRoot's property), read here so that the
            // reader depends on nothing of the job support.
            String root = System.getProperty("qmpi4j.repo.root");
            if (root == null) {
                throw new IllegalStateException(
                        "system property qmpi4j.repo.root not set: run the tests through Maven");
            }
            try (InputStream in = Files.newInputStream(Path.of(root).resolve(PATH))) {
                schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                        .getSchema(in, InputFormat.JSON);
            }
        }
        return schema;
    }

    /** The problems the schema finds in {@code json}, one line each; empty when it is valid. */
    public static List<String> problems(String json) throws IOException {
        return schema().validate(json, InputFormat.JSON).stream()
                .map(ProfileSchema::describe)
                .toList();
    }

    /** Asserts that {@code profileJson} (a {@code profile.json} file) is valid. */
    public static void assertValid(Path profileJson) throws IOException {
        assertThat(problems(Files.readString(profileJson)))
                .as("%s against %s", profileJson, PATH)
                .isEmpty();
    }

    private static String describe(Error e) {
        return e.getInstanceLocation() + ": " + e.getMessage();
    }
}
