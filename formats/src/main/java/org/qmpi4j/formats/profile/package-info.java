/**
 * The profile model and its files: one rank's measurements
 * ({@link org.qmpi4j.formats.profile.RankProfile}, written by
 * {@link org.qmpi4j.formats.profile.RankProfileFormat}), the job's profile
 * ({@link org.qmpi4j.formats.profile.Profile}, {@code profile.json} through
 * {@link org.qmpi4j.formats.profile.ProfileFormat}) and the merge of the one into the other
 * ({@link org.qmpi4j.formats.profile.ProfileMerger}), whose partial results ranks pass each other
 * as {@link org.qmpi4j.formats.profile.PartialProfileFormat}. Rendering a profile is the report's
 * ({@code org.qmpi4j.report.render}).
 */
package org.qmpi4j.formats.profile;
