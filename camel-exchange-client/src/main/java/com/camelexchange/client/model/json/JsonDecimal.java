package com.camelexchange.client.model.json;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A money value of a model record: written as an exact decimal string in plain notation
 * ({@code "60000.10"}), read from such a string or from a JSON number. A string, so that a route that
 * unmarshals the JSON into a {@code Map} gets the exact text, never a {@code Double}.
 */
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
@JacksonAnnotationsInside
@JsonSerialize(using = DecimalJson.Writer.class)
@JsonDeserialize(using = DecimalJson.Reader.class)
public @interface JsonDecimal {
}
