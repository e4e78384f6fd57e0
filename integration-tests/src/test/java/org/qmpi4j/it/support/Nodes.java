package org.qmpi4j.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * A small cluster of containers for multi-node jobs: {@code count} "nodes" named {@code node1},
 * {@code node2}, ... (host name and network alias), on one private network, each with its own file
 * system, sshd and Open MPI, from an image that {@code scripts/setup-containers.sh} builds. The
 * agent and the sample jars are copied into {@value #APP} on every node; {@code mpirun} on node 1
 * reaches the others over ssh. Containers and network carry the label {@value #LABEL}, so that a
 * run that died before {@link #close()} has its leftovers removed by the next {@link #start}.
 *
 * <p>Needs podman's Docker-compatible API (the build passes {@code DOCKER_HOST} and disables Ryuk,
 * whose image would come from a registry).
 */
public final class Nodes implements AutoCloseable {
    /** Open MPI 4.1.4 on Debian 12. */
    public static final String BOOKWORM = "localhost/qmpi4j-node:bookworm";
    /** Open MPI 5.0.7 on Debian 13. */
    public static final String TRIXIE = "localhost/qmpi4j-node:trixie";
    /** Where the jars are on every node. */
    public static final String APP = "/opt/app";
    /** Open MPI's Java half inside the images. */
    public static final String MPI_JAR = "/opt/qmpi4j/mpi.jar";

    private static final String LABEL = "org.qmpi4j.it";
    private static final List<String> JARS =
            List.of("qmpi4j-agent", "qmpi4j-samples-openmpi", "qmpi4j-samples-common", "qmpi4j-launcher", "qmpi4j-cli");

    private final Network network;
    private final List<GenericContainer<?>> nodes = new ArrayList<>();

    private Nodes(Network network) {
        this.network = network;
    }

    /** Starts {@code count} nodes of {@code image} and waits until node 1 reaches every node by ssh. */
    public static Nodes start(String image, int count) throws Exception {
        String host = System.getenv("DOCKER_HOST");
        if (host != null && host.startsWith("unix://") && !Files.exists(Path.of(host.substring("unix://".length())))) {
            throw new IllegalStateException("no container engine API at " + host
                    + ": run scripts/setup-containers.sh (as root), which starts podman's and builds the images");
        }
        removeLeftovers();
        Network network = Network.builder()
                .createNetworkCmdModifier(cmd -> cmd.withLabels(Map.of(LABEL, "nodes")))
                .build();
        Nodes cluster = new Nodes(network);
        try {
            for (int i = 1; i <= count; i++) {
                String name = "node" + i;
                GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(image))
                        .withNetwork(network)
                        .withNetworkAliases(name)
                        .withLabel(LABEL, "nodes")
                        .withCreateContainerCmdModifier(cmd -> cmd.withHostName(name))
                        .withStartupTimeout(Duration.ofMinutes(1));
                for (String jar : JARS) {
                    c.withCopyFileToContainer(MountableFile.forHostPath(ItJars.jar(jar)), APP + "/" + jar + ".jar");
                }
                cluster.nodes.add(c);
                c.start();
            }
            cluster.writeHosts();
            cluster.awaitSsh();
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** Node names, in order: {@code node1, node2, ...}. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= nodes.size(); i++) {
            names.add("node" + i);
        }
        return names;
    }

    /** Runs a command on node {@code node} (1-based) and waits for it. */
    public Container.ExecResult exec(int node, String... command) throws IOException, InterruptedException {
        return nodes.get(node - 1).execInContainer(command);
    }

    /** Runs a shell command line on node {@code node} (1-based). */
    public Container.ExecResult sh(int node, String commandLine) throws IOException, InterruptedException {
        return exec(node, "sh", "-c", commandLine);
    }

    /** The regular files under {@code dir} on a node, as paths relative to {@code dir}, sorted. */
    public List<String> files(int node, String dir) throws IOException, InterruptedException {
        Container.ExecResult r = exec(node, "find", dir, "-type", "f", "-printf", "%P\\n");
        if (r.getExitCode() != 0) {
            return List.of();
        }
        return Arrays.stream(r.getStdout().split("\n"))
                .filter(s -> !s.isBlank())
                .sorted()
                .collect(Collectors.toList());
    }

    /** Copies the files under {@code dir} on a node into {@code to} (created), keeping the layout. */
    public void copyOff(int node, String dir, Path to) throws IOException, InterruptedException {
        for (String f : files(node, dir)) {
            Path target = to.resolve(f);
            Files.createDirectories(target.getParent());
            nodes.get(node - 1).copyFileFromContainer(dir + "/" + f, in -> Files.copy(in, target));
        }
    }

    /** Copies a file or a directory tree of this machine to {@code to} on a node (1-based). */
    public void copyInto(int node, Path from, String to) {
        nodes.get(node - 1).copyFileToContainer(MountableFile.forHostPath(from), to);
    }

    /** Quotes a word for {@code sh -c}. */
    public static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * Names every node in every node's /etc/hosts: podman resolves network aliases only with a DNS
     * plugin (dnsname, aardvark-dns) that the machine may lack; the addresses are certain.
     */
    private void writeHosts() throws Exception {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < nodes.size(); i++) {
            var networks = nodes.get(i).getContainerInfo().getNetworkSettings().getNetworks();
            if (networks.size() != 1) {
                throw new IllegalStateException("node" + (i + 1) + " is on " + networks.keySet() + ", not one network");
            }
            String ip = networks.values().iterator().next().getIpAddress();
            lines.append(ip).append(' ').append("node").append(i + 1).append('\n');
        }
        for (int i = 1; i <= nodes.size(); i++) {
            Container.ExecResult r = exec(i, "sh", "-c", "cat >>/etc/hosts <<'EOF'\n" + lines + "EOF");
            if (r.getExitCode() != 0) {
                throw new IllegalStateException("cannot write /etc/hosts on node" + i + ": " + r.getStderr());
            }
        }
    }

    private void awaitSsh() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (String name : names()) {
            while (true) {
                Container.ExecResult r = exec(1, "ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", name, "true");
                if (r.getExitCode() == 0) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("node1 cannot reach " + name + " by ssh: " + r.getStderr());
                }
                Thread.sleep(250);
            }
        }
    }

    /**
     * Stops node {@code node}'s container at once, without a grace period: every process in it is
     * killed (SIGKILL), as on a node that loses power, and its disk is out of reach. {@link #close}
     * removes it with the others.
     */
    public void stopNow(int node) {
        DockerClientFactory.instance()
                .client()
                .stopContainerCmd(nodes.get(node - 1).getContainerId())
                .withTimeout(0)
                .exec();
    }

    /** Stops and removes every container and the network, also after a failed start. */
    @Override
    public void close() {
        for (GenericContainer<?> c : nodes) {
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
    }

    /** Removes containers and networks of an earlier run that ended before it could. */
    private static void removeLeftovers() {
        var docker = DockerClientFactory.instance().client();
        docker.listContainersCmd()
                .withShowAll(true)
                .withLabelFilter(Map.of(LABEL, "nodes"))
                .exec()
                .forEach(c -> docker.removeContainerCmd(c.getId())
                        .withForce(true)
                        .withRemoveVolumes(true)
                        .exec());
        docker.listNetworksCmd().exec().stream()
                .filter(n ->
                        n.getLabels() != null && "nodes".equals(n.getLabels().get(LABEL)))
                .forEach(n -> docker.removeNetworkCmd(n.getId()).exec());
    }
}
