/**
 * Settings of the agent and of tools, declared once and read one way.
 *
 * <p>A tool declares each of its settings once, as a constant:
 * <pre>{@code
 * static final Setting<Long> LIMIT = Setting.byteSize("mytool.limit", 64L << 20,
 *         "the most bytes each rank's file may take");
 * }</pre>
 * lists it in {@link org.qmpi4j.api.ToolProvider#settings()} (so that the agent knows the key
 * and does not report it as unknown), and reads it where it needs it, typically in its
 * initialiser: {@code long limit = Settings.current().get(LIMIT);}
 *
 * <h2>Where a value comes from</h2>
 * For every setting, the agent's and every tool's, first found wins:
 * <ol>
 *   <li>the agent argument: {@code -javaagent:qmpi4j-agent.jar=mytool.limit=2g;verbose}
 *       ({@code key=value} pairs separated by {@code ;}; a bare {@code key} means {@code true});</li>
 *   <li>the system property {@code qmpi4j.<key>}, e.g. {@code -Dqmpi4j.mytool.limit=2g};</li>
 *   <li>the environment variable {@code QMPI4J_<KEY>}: the key upper-cased, {@code .} and
 *       {@code -} replaced by {@code _}, e.g. {@code QMPI4J_MYTOOL_LIMIT=2g};</li>
 *   <li>the setting's default.</li>
 * </ol>
 * A blank value (empty or only spaces) counts as absent: the next source is asked. A value that
 * does not parse is reported in one line on stderr (the setting, where the value came from, what
 * was given, what is accepted, the default used instead) and the default is used: a typo in a
 * setting never stops the application.
 */
package org.qmpi4j.api.settings;
