package org.qmpi4j.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.utility.DockerImageName;

/**
 * A Slurm cluster in containers, from the image {@code scripts/setup-containers.sh} builds
 * (Debian 12's Slurm 22.05 and munge on the bookworm node image): a controller {@value #CONTROLLER},
 * where users log in and submit, and compute nodes {@code c1, c2, ...} with {@value #CPUS} CPUs each.
 * One folder of this machine is mounted at {@value #SHARED} on all of them, as a cluster's home or
 * scratch is; every node's {@code /tmp} is its own. qmpi4j is installed in the shared folder as a
 * user would install it in their home ({@value #QMPI4J}: the command's jar with the agent beside
 * it), and so are the applications ({@value #APP}). Containers and network carry the label
 * {@code org.qmpi4j.it=slurm}, so that a run that died before {@link #close()} has its leftovers
 * removed by the next {@link #start}.
 */
public final class SlurmCluster implements AutoCloseable {
    public static final String IMAGE = "localhost/qmpi4j-slurm:bookworm";
    public static final String CONTROLLER = "slurmctl";
    public static final String SHARED = "/shared";
    public static final String QMPI4J = SHARED + "/qmpi4j";
    public static final String APP = SHARED + "/app";
    /** Open MPI's Java half, installed on every node as the system's MPI is. */
    public static final String MPI_JAR = "/opt/qmpi4j/mpi.jar";
    /** CPUs Slurm counts per compute node: the machine's, which all containers share. */
    public static final int CPUS = 2;

    private static final String LABEL = "org.qmpi4j.it";
    private static final String ROLE = "slurm";

    private final Network network;
    private final Path shared;
    private final Map<String, GenericContainer<?>> nodes = new LinkedHashMap<>();
    private final List<String> computes = new ArrayList<>();

    private SlurmCluster(Network network, Path shared) {
        this.network = network;
        this.shared = shared;
    }

    /** Starts the controller and {@code computes} compute nodes and waits until all are idle. */
    public static SlurmCluster start(int computes) throws Exception {
        String host = System.getenv("DOCKER_HOST");
        if (host != null && host.startsWith("unix://") && !Files.exists(Path.of(host.substring("unix://".length())))) {
            throw new IllegalStateException("no container engine API at " + host
                    + ": run scripts/setup-containers.sh (as root), which starts podman's and builds the images");
        }
        removeLeftovers();
        Path shared = Files.createTempDirectory("qmpi4j-slurm-shared");
        Network network = Network.builder()
                .createNetworkCmdModifier(cmd -> cmd.withLabels(Map.of(LABEL, ROLE)))
                .build();
        SlurmCluster cluster = new SlurmCluster(network, shared);
        try {
            cluster.install();
            List<String> names = new ArrayList<>(List.of(CONTROLLER));
            for (int i = 1; i <= computes; i++) {
                cluster.computes.add("c" + i);
                names.add("c" + i);
            }
            for (String name : names) {
                GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(IMAGE))
                        .withNetwork(network)
                        .withNetworkAliases(name)
                        .withLabel(LABEL, ROLE)
                        .withFileSystemBind(shared.toString(), SHARED, BindMode.READ_WRITE)
                        .withCreateContainerCmdModifier(cmd -> cmd.withHostName(name))
                        .withStartupTimeout(Duration.ofMinutes(1));
                cluster.nodes.put(name, c);
                c.start();
            }
            cluster.writeHosts();
            cluster.startDaemons();
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** The compute nodes' names, in order. */
    public List<String> computes() {
        return List.copyOf(computes);
    }

    /** The shared folder, as this machine sees it. */
    public Path shared() {
        return shared;
    }

    /** A path under {@value #SHARED} in the containers, as this machine sees it. */
    public Path onHost(String sharedPath) {
        if (!sharedPath.startsWith(SHARED + "/")) {
            throw new IllegalArgumentException(sharedPath + " is not under " + SHARED);
        }
        return shared.resolve(sharedPath.substring(SHARED.length() + 1));
    }

    /** Runs a shell command line on a node (by name) and waits for it. */
    public Container.ExecResult sh(String node, String commandLine) throws IOException, InterruptedException {
        return nodes.get(node).execInContainer("sh", "-c", commandLine);
    }

    /** The regular files under {@code dir} on a node, relative to {@code dir}, sorted. */
    public List<String> files(String node, String dir) throws IOException, InterruptedException {
        Container.ExecResult r = nodes.get(node).execInContainer("find", dir, "-type", "f", "-printf", "%P\\n");
        if (r.getExitCode() != 0) {
            return List.of();
        }
        return Stream.of(r.getStdout().split("\n"))
                .filter(s -> !s.isBlank())
                .sorted()
                .collect(java.util.stream.Collectors.toList());
    }

    /** Copies the files under {@code dir} on a node into {@code to} (created), keeping the layout. */
    public void copyOff(String node, String dir, Path to) throws IOException, InterruptedException {
        for (String f : files(node, dir)) {
            Path target = to.resolve(f);
            Files.createDirectories(target.getParent());
            nodes.get(node).copyFileFromContainer(dir + "/" + f, in -> Files.copy(in, target));
        }
    }

    /** The installed layout a user would have in their home: the command with the agent beside it. */
    private void install() throws IOException {
        Path q = onHost(QMPI4J);
        Path app = onHost(APP);
        Files.createDirectories(q);
        Files.createDirectories(app);
        Files.copy(ItJars.jar("qmpi4j-cli"), q.resolve("qmpi4j-cli.jar"));
        Files.copy(ItJars.jar("qmpi4j-agent"), q.resolve("qmpi4j-agent.jar"));
        for (String jar : List.of("qmpi4j-samples-openmpi", "qmpi4j-samples-common")) {
            Files.copy(ItJars.jar(jar), app.resolve(jar + ".jar"));
        }
    }

    /** Every node in every node's /etc/hosts (podman may lack a DNS plugin for the aliases). */
    private void writeHosts() throws Exception {
        StringBuilder lines = new StringBuilder();
        for (var e : nodes.entrySet()) {
            var networks = e.getValue().getContainerInfo().getNetworkSettings().getNetworks();
            if (networks.size() != 1) {
                throw new IllegalStateException(e.getKey() + " is on " + networks.keySet() + ", not one network");
            }
            lines.append(networks.values().iterator().next().getIpAddress())
                    .append(' ')
                    .append(e.getKey())
                    .append('\n');
        }
        for (String name : nodes.keySet()) {
            check(name, sh(name, "cat >>/etc/hosts <<'EOF'\n" + lines + "EOF"));
        }
    }

    /** Slurm's daemons, once every name resolves; then waits until sinfo shows every node idle. */
    private void startDaemons() throws Exception {
        String list = String.join(",", computes);
        String args = " " + CONTROLLER + " " + list + " " + CPUS;
        check(CONTROLLER, sh(CONTROLLER, "qmpi4j-slurm-start controller" + args));
        for (String c : computes) {
            check(c, sh(c, "qmpi4j-slurm-start compute" + args));
        }
        Container.ExecResult idle = sh(
                CONTROLLER,
                "timeout 60 sh -c 'until [ \"$(sinfo -h -N -o %t | sort -u)\" = idle ]; do sleep 0.5; done'");
        if (idle.getExitCode() != 0) {
            throw new IllegalStateException("the compute nodes did not become idle:\n"
                    + sh(CONTROLLER, "sinfo -N -l; tail -20 /var/log/slurm/slurmctld.log")
                            .getStdout());
        }
    }

    private static void check(String node, Container.ExecResult r) {
        if (r.getExitCode() != 0) {
            throw new IllegalStateException(node + ": exit " + r.getExitCode() + "\n" + r.getStdout() + r.getStderr());
        }
    }

    /** Stops and removes every container, the network and the shared folder, also after a failed start. */
    @Override
    public void close() {
        for (GenericContainer<?> c : nodes.values()) {
            try {
                c.stop();
            } catch (RuntimeException e) {
                // keep removing the others; leftovers are removed by the next start
            }
        }
        try {
            network.close();
        } catch (RuntimeException e) {
            // as above
        }
        try (Stream<Path> all = Files.walk(shared)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder; nothing else depends on it
        }
    }

    /** Removes containers and networks of an earlier run that ended before it could. */
    private static void removeLeftovers() {
        var docker = DockerClientFactory.instance().client();
        docker.listContainersCmd()
                .withShowAll(true)
                .withLabelFilter(Map.of(LABEL, ROLE))
                .exec()
                .forEach(c -> docker.removeContainerCmd(c.getId())
                        .withForce(true)
                        .withRemoveVolumes(true)
                        .exec());
        docker.listNetworksCmd().exec().stream()
                .filter(n -> n.getLabels() != null && ROLE.equals(n.getLabels().get(LABEL)))
                .forEach(n -> docker.removeNetworkCmd(n.getId()).exec());
    }
}
