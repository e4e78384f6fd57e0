/**
 * Not API: the seam between {@link org.qmpi4j.api.Qmpi} and the qmpi4j agent that implements it.
 * Tools must not use it; its contents may change in any release.
 */
package org.qmpi4j.api.internal;
