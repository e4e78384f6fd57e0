package org.qmpi4j.it.tools;

import org.qmpi4j.api.ToolProvider;

/** Its initialisation fails: the agent must report it and leave the instance out. */
public final class FailingInitTool implements ToolProvider {
    @Override
    public String name() {
        return "failing-init";
    }

    @Override
    public void initialize(int toolId) {
        throw new IllegalStateException("failing-init fails on purpose");
    }
}
