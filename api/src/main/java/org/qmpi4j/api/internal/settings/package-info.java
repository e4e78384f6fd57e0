/** How the agent hands its argument to {@link org.qmpi4j.api.settings.Settings}: not API. */
package org.qmpi4j.api.internal.settings;
