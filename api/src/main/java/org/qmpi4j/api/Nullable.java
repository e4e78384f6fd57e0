package org.qmpi4j.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The annotated return value, parameter or field may be {@code null}; the javadoc of each annotated
 * element says what {@code null} means there. In this API, return values and fields that are not
 * annotated are never {@code null}, and parameters that are not annotated must not be.
 *
 * <p>qmpi4j's own annotation, so that the API depends on nothing. The build checks the API's code
 * against it with NullAway, which takes any annotation whose simple name is {@code Nullable}; it is
 * kept in class files, so null checkers that compile tools against the API see it too.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.PARAMETER, ElementType.FIELD, ElementType.LOCAL_VARIABLE})
public @interface Nullable {}
