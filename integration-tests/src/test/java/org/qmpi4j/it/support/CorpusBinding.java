package org.qmpi4j.it.support;

import java.nio.file.Path;
import org.qmpi4j.launch.Launcher;
import org.qmpi4j.launch.MpjMulticoreLauncher;
import org.qmpi4j.launch.OpenMpiLauncher;

/**
 * The two parts of the bug corpus, one per binding (docs/corpus.md): where a part's programs are,
 * their package, the jar they are built into, and the launcher that runs them. MPJ Express' part is
 * a module of its own because its package {@code mpi} clashes with Open MPI's.
 */
public enum CorpusBinding {
    /** Module {@code corpus}: Open MPI's Java bindings, run with {@code mpirun}. */
    OPEN_MPI("corpus", "openmpi", "qmpi4j-corpus") {
        @Override
        public Launcher launcher() {
            return new OpenMpiLauncher();
        }
    },
    /**
     * Module {@code corpus-mpj}: MPJ Express' mpiJava 1.2 API, run in MPJ's multicore mode (all
     * ranks threads of one JVM, as {@code mpjrun.sh -dev multicore}), which starts fastest.
     */
    MPJ("corpus-mpj", "mpj", "qmpi4j-corpus-mpj") {
        @Override
        public Launcher launcher() {
            return new MpjMulticoreLauncher();
        }
    };

    private final String module;
    private final String packageName;
    private final String artifactId;

    CorpusBinding(String module, String packageName, String artifactId) {
        this.module = module;
        this.packageName = packageName;
        this.artifactId = artifactId;
    }

    /** The package prefix of the part's programs, ending in a dot ({@code org.qmpi4j.corpus.mpj.}). */
    public String packagePrefix() {
        return "org.qmpi4j.corpus." + packageName + ".";
    }

    /** The part's sources in the repository. */
    public Path sourceRoot() {
        return AgentJob.repoRoot().resolve(module + "/src/main/java/org/qmpi4j/corpus/" + packageName);
    }

    /** The jar the programs run from (copied into it-lib by the build). */
    public Path jar() {
        return ItJars.jar(artifactId);
    }

    /** The launcher the part's jobs run with. */
    public abstract Launcher launcher();
}
