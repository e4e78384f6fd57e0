/**
 * qmpi4j's one logger, for the agent and the bundled tools: not API.
 *
 * <p>It lives in {@code api} only because the bundled tools depend on {@code api} alone (and on
 * {@code report}) and must print through the same switch and the same report-once rules as the
 * agent; the package name says that tools written by others must not use it. It is not a public
 * tool-facing logger on purpose: a third-party tool chooses its own logging, and a public logger
 * would be an API to keep compatible for no gain. It starts nothing (no {@code java.util.logging},
 * no SLF4J), so it is safe in {@code premain}, and a line costs one {@code println}.
 */
package org.qmpi4j.api.internal.log;
