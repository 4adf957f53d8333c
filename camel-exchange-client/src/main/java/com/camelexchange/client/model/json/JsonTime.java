package com.camelexchange.client.model.json;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A point in time of a model record: written and read as ISO-8601 UTC text, as {@code Instant.toString()}
 * gives it ({@code "2026-11-22T08:00:30Z"}, with the fraction of a second when there is one). Only text is
 * read: a bare number could mean seconds or milliseconds, and the exchange uses both.
 */
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
@JacksonAnnotationsInside
@JsonSerialize(using = TimeJson.Writer.class)
@JsonDeserialize(using = TimeJson.Reader.class)
public @interface JsonTime {
}
