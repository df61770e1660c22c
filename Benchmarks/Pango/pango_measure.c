/*
 * pango_measure.c — reference text layout with Pango (PangoFT2 backend, no cairo).
 *
 * Lays out text with Pango exactly as a reference for the Mush layout engine and
 * prints one JSON object per input record.
 *
 * Build:
 *   cc -O2 pango_measure.c $(pkg-config --cflags --libs pangoft2 fontconfig) -o pango_measure
 * (or Benchmarks/Pango/build.sh [OUTPUT], default .build-pango/pango_measure).
 *
 * Usage:
 *   pango_measure [--fonts DIR] [--system-fonts] [--bench N | --bench-warm N] [--list-fonts]
 *                 < records
 *
 *   --fonts DIR     folder with the font files (default: $MUSH_FONTS_DIR). Only the fonts
 *                   in this folder are visible; system fonts are never used.
 *   --system-fonts  the system's fontconfig configuration and fonts as well, the fonts folder
 *                   added to it as application fonts (as `mush` sees them by default).
 *   --bench N       per record: print {"microseconds_per_layout": X}, "cold" layouts
 *                   (see "Benchmark modes" below).
 *   --bench-warm N  per record: print {"microseconds_per_layout": X}, "warm" re-wraps.
 *   --passes        read every record first, then lay them all out twice, timing each layout
 *                   (pango_layout_new, set_text, set_width, get_extents; no warm-up): pass 1
 *                   meets every font and text for the first time (fontconfig's fallback lookups
 *                   included), pass 2 is warm. Prints one JSON object a pass: rows per second,
 *                   and the first row's microseconds.
 *   --styled        records have a FLAGS field before TEXT (see below): bold text, Pango
 *                   markup, one line cut with an ellipsis, inline objects. With --passes,
 *                   the output also gives each pass's total microseconds and the sum of the
 *                   layouts' heights.
 *   --list-fonts    print the fonts of the private fontconfig configuration (one JSON
 *                   object a line) and the count of system fonts (0) on stderr, and exit.
 *
 * Input: one record a line, tab-separated:  WIDTH<TAB>SIZE<TAB>TEXT
 *   WIDTH  wrap width in pixels (a decimal number), or "-" for no wrapping.
 *   SIZE   font size in pixels (em size), a decimal number.
 *   TEXT   the rest of the line; the escapes \n (newline), \t (tab) and \\ (backslash)
 *          are decoded, any other backslash is kept literally.
 *   With --styled:  WIDTH<TAB>SIZE<TAB>FLAGS<TAB>TEXT, FLAGS any of
 *          b  bold (the font description's weight),
 *          m  TEXT is Pango markup (<b>, <i>, &amp;...), parsed by pango_parse_markup as part
 *             of each layout (timed), its attributes added to the no-hyphens one,
 *          e  one line, cut with "…" at the end where it is wider than WIDTH
 *             (pango_layout_set_ellipsize END, pango_layout_set_height -1),
 *          o  inline objects: the record has one more field, OBJECTS, before TEXT
 *             (WIDTH<TAB>SIZE<TAB>FLAGS<TAB>OBJECTS<TAB>TEXT), see "Inline objects" below,
 *          h  hyphens: Pango's insert-hyphens on (it is off otherwise): a line that breaks
 *             at a soft hyphen (U+00AD) shows a hyphen, and so does a word broken between
 *             characters (the Mush engine never hyphenates those),
 *          s  settings: the record has one more field, SETTINGS, before TEXT (after OBJECTS
 *             with o): NAME=VALUE items separated by ';' of
 *               features=F    pango_attr_font_features_new (F), CSS syntax ("tnum" 1, liga 0)
 *               letter=PX     pango_attr_letter_spacing_new (PX px) over the whole text
 *               lineheight=X  pango_attr_line_height_new (X), a factor of the font's height
 *               lineheightpx=PX  pango_attr_line_height_new_absolute (PX px): each run's
 *                             line box that tall, the leading split above and below
 *               variations=V  pango_font_description_set_variations (V), as "wght=650"
 *               family=NAME   the font description's family in place of DejaVu Sans
 *          -  none of these.
 *   Font family is always "DejaVu Sans" (fallback, e.g. for Thai or Devanagari, is done
 *   by Pango among the fonts of the fonts folder only). Wrap mode PANGO_WRAP_WORD_CHAR.
 *   A malformed line produces {"error": "..."} so output stays one line per input line.
 *
 * Output (layout mode), one line of JSON per record:
 *   {"width": W, "height": H,
 *    "lines": [{"start": S, "end": E, "width": LW, "height": LH, "baseline": B,
 *               "fonts": ["FAMILY", ...]}, ...]}
 *   W, H     pango_layout_get_extents() logical rectangle, in pixels.
 *   S, E     offsets in Unicode scalars into the decoded TEXT (converted from Pango's
 *            UTF-8 byte offsets); E is start + the line's length, which excludes the
 *            paragraph separator (newline) ending the line. Trailing spaces at a soft
 *            wrap are part of the line, as in Pango.
 *   LW, LH   pango_layout_iter_get_line_extents() logical rectangle, in pixels.
 *   B        pango_layout_iter_get_baseline(), relative to the top of the layout's
 *            logical rectangle, in pixels.
 *   fonts    the family of each run of the line, in visual order (the fonts fallback chose).
 *   All lengths are Pango units / PANGO_SCALE (multiples of 1/1024 px), printed exactly.
 *
 * Inline objects (--styled, flag o): an icon, badge or image standing in the text as
 * U+FFFC OBJECT REPLACEMENT CHARACTER.
 *   OBJECTS  W:A:D items separated by commas ("" or "-" for none), decimal pixels: the
 *            object's width W (>= 0), its ascent A above the baseline and descent D below
 *            it (either may be negative, A + D >= 0). One item per U+FFFC of the text, in
 *            order (for markup: of the parsed text, so &#xFFFC; counts too); a count
 *            mismatch or a malformed item gives an {"error": ...} line.
 *   Each U+FFFC gets pango_attr_shape_new(&ink, &logical) over exactly its 3 bytes, with
 *   ink = logical = {x 0, y -A, width W, height A + D} (each of W, A, D rounded to Pango
 *   units first), added to the record's attribute list (the no-hyphens one, and markup's
 *   with m). Pango then treats the object as one glyph of advance W whose logical extents
 *   enter the line's height: a line's ascent is the max of the text's and the objects' A,
 *   its descent the max of the D's. For line breaking a U+FFFC is a character of UAX #14
 *   class CB: a break before and after it, except where UAX #14's earlier rules forbid one
 *   (none between it and a following ")", ",", "." or "!", none after "(": Pango 1.50 lays
 *   "ab (\uFFFC)." at 75 px as "ab " | "(\uFFFC)."; Chromium breaks on both sides of
 *   an inline-block whatever its neighbours, as "ab (\uFFFC" | ").").
 *   Output: every line gains "objects": [{"index": I, "x": X}, ...] (also [] when it has
 *   none), listing the objects whose U+FFFC lies in the line's [start, end) range:
 *     I  the object's number in the record (0-based, in text order),
 *     X  its left edge in pixels, pango_layout_index_to_pos() (the min of x and x + width,
 *        for right-to-left text), in layout coordinates: 0 is the left edge of the wrap
 *        width (of the widest line for "-"), the same origin as the lines' own positions.
 *        NB: Pango aligns a right-to-left paragraph (auto direction, PANGO_ALIGN_LEFT) to
 *        the right, so there X counts from the left of the WIDTH box, not of the line.
 *        An object cut off by the e flag's ellipsis is still listed, at the ellipsis.
 *   Records without o print exactly what they printed before this flag existed.
 *   Example:  200<TAB>16<TAB>o<TAB>20:15:0,30:10:5<TAB>Hello ￼ world ￼ again
 *
 * Sizes: "1 point = 1 pixel". The font map resolution is 72 dpi and the font size is set
 * as an absolute size (pango_font_description_set_absolute_size), so "DejaVu Sans 16"
 * is a 16 px em whatever the resolution.
 *
 * Hinting and rounding — what could be turned off (checked against Pango 1.50):
 *   - Glyph-position rounding: pango_context_set_round_glyph_positions(ctx, FALSE)
 *     (Pango >= 1.44). Without it Pango rounds every glyph position to whole pixels.
 *     (This program needs Pango >= 1.48 for pango_fc_font_map_set_default_substitute.)
 *   - Hint metrics: there is no hint-metrics switch for PangoFT2 (in pangocairo it is a
 *     cairo font option; cairo is not used here). The fontconfig-level equivalent is
 *     FC_HINTING: PangoFcFont.is_hinted comes from it, and older Pango versions
 *     (pangofc-shape.c, 1.44-era) rounded every advance of a hinted font to whole pixels.
 *     We set FC_HINTING=false and FC_HINT_STYLE=hintnone on every pattern through
 *     pango_fc_font_map_set_default_substitute() as a safeguard. Checked with Pango
 *     1.50.12: forcing FC_HINTING=true/hintfull instead gives identical numbers, so there
 *     hinting does not affect layout at all; advances are the exact HarfBuzz values
 *     (font units scaled to size * PANGO_SCALE). Turning round_glyph_positions back on,
 *     by contrast, changes "Title" at 16 px from 34.2890625 to 33 px.
 *   - Font metrics (ascent, descent used for line heights) come from HarfBuzz's font
 *     extents (hhea/OS2), scaled, not rounded.
 *   - Outline hinting only affects glyph rasterisation (ink), which is not used here.
 *   Remaining quantisation that cannot be turned off: Pango works in integer Pango units
 *   (1/1024 px), so every advance and metric is rounded to 1/1024 px by HarfBuzz/Pango.
 *
 * Benchmark modes (both use one font map and one PangoContext for the whole run; one
 * untimed layout of the record is made first so fonts are loaded before timing):
 *   --bench N       "cold": N times { layout = pango_layout_new(ctx); set font description
 *                   and wrap mode (untimed); TIMED: pango_layout_set_text +
 *                   pango_layout_set_width + pango_layout_get_extents; unref (untimed) }.
 *                   Each iteration itemizes, shapes and breaks the text from scratch with
 *                   warm font caches. Reports the mean timed microseconds per iteration.
 *   --bench-warm N  "warm": one layout per record with the text set once (untimed); then
 *                   N times TIMED { pango_layout_set_width(w_i) + pango_layout_get_extents }
 *                   where w_i alternates between the record's width and that width + 1 px
 *                   (for "-": between no wrapping and the natural width + 1 px, which gives
 *                   the same lines). Alternating is needed because setting the same width
 *                   again is a no-op. This measures re-layout after a width change: Pango
 *                   throws away its lines and recomputes them, reusing whatever it keeps
 *                   internally across width changes. Reports mean microseconds per re-layout.
 *   Timing uses clock_gettime(CLOCK_MONOTONIC): per iteration around the timed calls
 *   for --bench, around the whole loop for --bench-warm. With Pango 1.50 a warm re-wrap
 *   of a one-paragraph text costs about as much as a cold layout (Pango itemizes and
 *   shapes again after a width change), so the two modes give similar numbers.
 *
 * Memory: every layout, iterator, font description and buffer of the main loop is freed;
 * memory use stays flat however many records or iterations. Valgrind reports about 1 KB
 * "definitely lost" once per process inside fontconfig (its default configuration, which
 * something loads at start-up, and the FcConfig kept by the font map at exit), not
 * growing with the input.
 */

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>

#define FAMILY "DejaVu Sans"

/* ------------------------------------------------------------------------------------ */
/* Helpers                                                                               */

static void
die (const char *msg, const char *arg)
{
  fprintf (stderr, "pango_measure: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
  exit (2);
}

/* Prints a length in Pango units as pixels, exactly (units / 1024 has at most 10
 * decimals), without trailing zeros. */
static void
print_px (int units)
{
  char buf[64];
  snprintf (buf, sizeof buf, "%.10f", (double) units / PANGO_SCALE);
  char *dot = strchr (buf, '.');
  if (dot)
    {
      char *end = buf + strlen (buf) - 1;
      while (end > dot && *end == '0')
        *end-- = '\0';
      if (end == dot)
        *end = '\0';
    }
  if (strcmp (buf, "-0") == 0)
    strcpy (buf, "0");
  fputs (buf, stdout);
}

static void
print_json_string (const char *s)
{
  putchar ('"');
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        printf ("\\%c", *p);
      else if (*p < 0x20)
        printf ("\\u%04x", *p);
      else
        putchar (*p);
    }
  putchar ('"');
}

static void
print_error (const char *msg)
{
  fputs ("{\"error\": ", stdout);
  print_json_string (msg);
  fputs ("}\n", stdout);
}

/* Decodes \n, \t, \\ in place. */
static void
unescape (char *s)
{
  char *out = s;
  for (char *in = s; *in; in++)
    {
      if (in[0] == '\\' && (in[1] == 'n' || in[1] == 't' || in[1] == '\\'))
        {
          in++;
          *out++ = *in == 'n' ? '\n' : *in == 't' ? '\t' : '\\';
        }
      else
        *out++ = *in;
    }
  *out = '\0';
}

static int
parse_double (const char *s, double *out)
{
  char *end;
  errno = 0;
  double v = strtod (s, &end);
  if (errno || end == s || *end != '\0')
    return 0;
  *out = v;
  return 1;
}

static double
now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* Makes every font pattern unhinted before fontconfig's defaults are applied, so
 * PangoFcFont.is_hinted is FALSE and advances are not rounded to whole pixels. */
static void
unhinted_substitute (FcPattern *pattern, gpointer data)
{
  (void) data;
  FcPatternDel (pattern, FC_HINTING);
  FcPatternAddBool (pattern, FC_HINTING, FcFalse);
  FcPatternDel (pattern, FC_HINT_STYLE);
  FcPatternAddInteger (pattern, FC_HINT_STYLE, FC_HINT_NONE);
  FcPatternDel (pattern, FC_ANTIALIAS);
  FcPatternAddBool (pattern, FC_ANTIALIAS, FcTrue);
}

/* ------------------------------------------------------------------------------------ */
/* Layout                                                                                */

typedef struct
{
  int width;                    /* Pango units, -1 for no wrapping */
  PangoFontDescription *desc;
  char *text;                   /* decoded UTF-8 */
  int markup;                   /* --styled "m": text is Pango markup */
  int ellipsize;                /* --styled "e": one line, ellipsized at the end */
  int has_objects;              /* --styled "o": OBJECTS field given */
  int nobjects;                 /* number of W:A:D items (= U+FFFC count of the text) */
  int *objects;                 /* 3 * nobjects Pango units: width, ascent, descent */
  int hyphens;                  /* --styled "h": insert-hyphens on */
  char *features;               /* --styled "s" features=, or NULL */
  int letter;                   /* letter spacing, Pango units (0: none) */
  double line_height;           /* line height factor (0: none) */
  int line_height_abs;          /* absolute line height, Pango units (0: none) */
} Record;

#define RECORD(width, desc, text) ((Record) { width, desc, text, 0, 0, 0, 0, NULL, 0, NULL, 0, 0, 0 })

/* U+FFFC OBJECT REPLACEMENT CHARACTER in UTF-8. */
#define OBJECT_CHAR "\xef\xbf\xbc"
#define OBJECT_CHAR_LEN 3

/* Number of U+FFFC in a UTF-8 text. */
static int
count_objects (const char *text)
{
  int n = 0;
  for (const char *p = text; (p = strstr (p, OBJECT_CHAR)); p += OBJECT_CHAR_LEN)
    n++;
  return n;
}

/* Pixels to Pango units, rounded to nearest (halves away from zero). */
static int
to_units (double px)
{
  double u = px * PANGO_SCALE;
  return u >= 0 ? (int) (u + 0.5) : -(int) (-u + 0.5);
}

/* Parses OBJECTS ("W:A:D,W:A:D,..."; "" or "-" for none) into Pango units. Returns the
 * item count, or -1 (and *why) when malformed. *out is g_new'd (NULL for none). */
static int
parse_objects (const char *s, int **out, const char **why)
{
  *out = NULL;
  if (*s == '\0' || strcmp (s, "-") == 0)
    return 0;
  int n = 1;
  for (const char *p = s; *p; p++)
    n += *p == ',';
  int *v = g_new (int, 3 * n);
  char *copy = g_strdup (s);
  char *save = NULL;
  int i = 0;
  for (char *item = strtok_r (copy, ",", &save); item; item = strtok_r (NULL, ",", &save))
    {
      char *c1 = strchr (item, ':');
      char *c2 = c1 ? strchr (c1 + 1, ':') : NULL;
      double w, a, d;
      if (i >= n || !c2)
        goto bad;
      *c1 = '\0';
      *c2 = '\0';
      if (!parse_double (item, &w) || !parse_double (c1 + 1, &a) || !parse_double (c2 + 1, &d))
        goto bad;
      if (w < 0)
        {
          *why = "OBJECTS: negative width";
          goto fail;
        }
      if (a + d < 0)
        {
          *why = "OBJECTS: ascent + descent is negative";
          goto fail;
        }
      v[3 * i] = to_units (w);
      v[3 * i + 1] = to_units (a);
      v[3 * i + 2] = to_units (d);
      i++;
    }
  if (i != n)
    goto bad;
  g_free (copy);
  *out = v;
  return n;
bad:
  *why = "OBJECTS: expected W:A:D items separated by commas";
fail:
  g_free (copy);
  g_free (v);
  return -1;
}

/* Adds one shape attribute per U+FFFC of `text` (the layout's text) to `attrs`: the
 * object's logical (= ink) rectangle, baseline-relative. Extra U+FFFC beyond the
 * record's objects (possible only if markup produced one the count check missed) get
 * no attribute. */
static void
add_object_attrs (PangoAttrList *attrs, const char *text, const Record *r)
{
  int i = 0;
  for (const char *p = text; i < r->nobjects && (p = strstr (p, OBJECT_CHAR));
       p += OBJECT_CHAR_LEN, i++)
    {
      int w = r->objects[3 * i], a = r->objects[3 * i + 1], d = r->objects[3 * i + 2];
      PangoRectangle rect = { 0, -a, w, a + d };
      PangoAttribute *attr = pango_attr_shape_new (&rect, &rect);
      attr->start_index = (guint) (p - text);
      attr->end_index = attr->start_index + OBJECT_CHAR_LEN;
      pango_attr_list_insert (attrs, attr);
    }
}

/* The record's hyphens and settings as attributes over the whole text. */
static void
add_setting_attrs (PangoAttrList *attrs, const Record *r)
{
  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (r->hyphens ? TRUE : FALSE));
  if (r->features)
    pango_attr_list_insert (attrs, pango_attr_font_features_new (r->features));
  if (r->letter)
    pango_attr_list_insert (attrs, pango_attr_letter_spacing_new (r->letter));
  if (r->line_height > 0)
    pango_attr_list_insert (attrs, pango_attr_line_height_new (r->line_height));
  if (r->line_height_abs > 0)
    pango_attr_list_insert (attrs, pango_attr_line_height_new_absolute (r->line_height_abs));
}

/* Parses SETTINGS into `r` and `desc`; returns an error message or NULL. */
static const char *
parse_settings (char *settings, Record *r, PangoFontDescription *desc)
{
  for (char *item = strtok (settings, ";"); item; item = strtok (NULL, ";"))
    {
      char *eq = strchr (item, '=');
      if (!eq)
        return "SETTINGS: expected NAME=VALUE items separated by ';'";
      *eq = '\0';
      const char *value = eq + 1;
      double number;
      if (strcmp (item, "features") == 0)
        r->features = g_strdup (value);
      else if (strcmp (item, "letter") == 0 && parse_double (value, &number))
        r->letter = (int) (number * PANGO_SCALE + (number >= 0 ? 0.5 : -0.5));
      else if (strcmp (item, "lineheight") == 0 && parse_double (value, &number) && number > 0)
        r->line_height = number;
      else if (strcmp (item, "lineheightpx") == 0 && parse_double (value, &number) && number > 0)
        r->line_height_abs = (int) (number * PANGO_SCALE + 0.5);
      else if (strcmp (item, "variations") == 0)
        pango_font_description_set_variations (desc, value);
      else if (strcmp (item, "family") == 0)
        pango_font_description_set_family (desc, value);
      else
        return "SETTINGS: unknown name or bad value";
    }
  return NULL;
}

static PangoLayout *
new_layout (PangoContext *ctx, const Record *r)
{
  PangoLayout *layout = pango_layout_new (ctx);
  pango_layout_set_font_description (layout, r->desc);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  /* Pango (>= 1.44) inserts a hyphen where it breaks inside a word; the Mush engine breaks
   * between graphemes with no hyphen, so the reference does the same (but with h). */
  PangoAttrList *attrs = pango_attr_list_new ();
  add_setting_attrs (attrs, r);
  if (r->nobjects > 0 && !r->markup)
    add_object_attrs (attrs, r->text, r);
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  if (r->ellipsize)
    {
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_height (layout, -1);
    }
  return layout;
}

/* Sets the record's text: as is, or parsed as markup, whose attributes join the layout's. */
static void
set_content (PangoLayout *layout, const Record *r)
{
  if (!r->markup)
    {
      pango_layout_set_text (layout, r->text, -1);
      return;
    }
  PangoAttrList *attrs = NULL;
  char *plain = NULL;
  GError *error = NULL;
  if (!pango_parse_markup (r->text, -1, 0, &attrs, &plain, NULL, &error))
    {
      fprintf (stderr, "pango_measure: bad markup: %s\n", error->message);
      g_error_free (error);
      pango_layout_set_text (layout, r->text, -1);
      return;
    }
  add_setting_attrs (attrs, r);
  if (r->nobjects > 0)
    add_object_attrs (attrs, plain, r);
  pango_layout_set_attributes (layout, attrs);
  pango_layout_set_text (layout, plain, -1);
  pango_attr_list_unref (attrs);
  g_free (plain);
}

static void
print_layout (PangoContext *ctx, const Record *r)
{
  PangoLayout *layout = new_layout (ctx, r);
  set_content (layout, r);
  pango_layout_set_width (layout, r->width);

  PangoRectangle logical;
  pango_layout_get_extents (layout, NULL, &logical);

  /* Byte offset -> scalar offset: scalar_at[i] is the number of scalars before byte i
   * (for i = a lead byte or the end of the text). */
  const char *text = pango_layout_get_text (layout);
  size_t nbytes = strlen (text);
  int *scalar_at = g_new (int, nbytes + 1);
  int count = 0;
  for (size_t i = 0; i <= nbytes; i++)
    {
      scalar_at[i] = count;
      if (i < nbytes && ((unsigned char) text[i] & 0xC0) != 0x80)
        count++;
    }

  /* Byte offsets of the objects (U+FFFC) in the layout's text, in order. */
  int nobj = 0;
  int *obj_byte = NULL;
  if (r->has_objects)
    {
      obj_byte = g_new (int, count_objects (text) + 1);
      for (const char *p = text; (p = strstr (p, OBJECT_CHAR)); p += OBJECT_CHAR_LEN)
        obj_byte[nobj++] = (int) (p - text);
    }

  fputs ("{\"width\": ", stdout);
  print_px (logical.width);
  fputs (", \"height\": ", stdout);
  print_px (logical.height);
  fputs (", \"lines\": [", stdout);

  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  int first = 1;
  do
    {
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      PangoRectangle line_logical;
      pango_layout_iter_get_line_extents (iter, NULL, &line_logical);
      int baseline = pango_layout_iter_get_baseline (iter);

      int start_byte = line->start_index;
      int end_byte = line->start_index + line->length;
      if (start_byte < 0)
        start_byte = 0;
      if ((size_t) end_byte > nbytes)
        end_byte = (int) nbytes;

      if (!first)
        fputs (", ", stdout);
      first = 0;
      printf ("{\"start\": %d, \"end\": %d, \"width\": ", scalar_at[start_byte],
              scalar_at[end_byte]);
      print_px (line_logical.width);
      fputs (", \"height\": ", stdout);
      print_px (line_logical.height);
      fputs (", \"baseline\": ", stdout);
      print_px (baseline - logical.y);
      fputs (", \"fonts\": [", stdout);
      for (GSList *run = line->runs; run; run = run->next)
        {
          PangoGlyphItem *glyph_item = run->data;
          PangoFontDescription *font_desc = pango_font_describe (glyph_item->item->analysis.font);
          print_json_string (pango_font_description_get_family (font_desc));
          pango_font_description_free (font_desc);
          if (run->next)
            fputs (", ", stdout);
        }
      fputs ("]", stdout);
      if (r->has_objects)
        {
          fputs (", \"objects\": [", stdout);
          int first_object = 1;
          for (int i = 0; i < nobj; i++)
            {
              if (obj_byte[i] < start_byte || obj_byte[i] >= end_byte)
                continue;
              PangoRectangle pos;
              pango_layout_index_to_pos (layout, obj_byte[i], &pos);
              int x = pos.width < 0 ? pos.x + pos.width : pos.x;
              if (!first_object)
                fputs (", ", stdout);
              first_object = 0;
              printf ("{\"index\": %d, \"x\": ", i);
              print_px (x);
              fputs ("}", stdout);
            }
          fputs ("]", stdout);
        }
      fputs ("}", stdout);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);

  fputs ("]}\n", stdout);
  g_free (obj_byte);
  g_free (scalar_at);
  g_object_unref (layout);
}

/* ------------------------------------------------------------------------------------ */
/* Benchmarks                                                                            */

static double
bench_cold (PangoContext *ctx, const Record *r, long n)
{
  PangoRectangle logical;
  double total = 0;

  /* Untimed warm-up: loads the fonts this text needs. */
  PangoLayout *layout = new_layout (ctx, r);
  set_content (layout, r);
  pango_layout_set_width (layout, r->width);
  pango_layout_get_extents (layout, NULL, &logical);
  g_object_unref (layout);

  for (long i = 0; i < n; i++)
    {
      layout = new_layout (ctx, r);
      double t0 = now_us ();
      set_content (layout, r);
      pango_layout_set_width (layout, r->width);
      pango_layout_get_extents (layout, NULL, &logical);
      total += now_us () - t0;
      g_object_unref (layout);
    }
  return total / n;
}

static double
bench_warm (PangoContext *ctx, const Record *r, long n)
{
  PangoRectangle logical;
  PangoLayout *layout = new_layout (ctx, r);
  set_content (layout, r);
  pango_layout_set_width (layout, r->width);
  pango_layout_get_extents (layout, NULL, &logical);

  int w0 = r->width;
  int w1 = r->width >= 0 ? r->width + PANGO_SCALE : logical.width + PANGO_SCALE;

  double t0 = now_us ();
  for (long i = 0; i < n; i++)
    {
      pango_layout_set_width (layout, (i & 1) ? w0 : w1);
      pango_layout_get_extents (layout, NULL, &logical);
    }
  double total = now_us () - t0;

  g_object_unref (layout);
  return total / n;
}

/* ------------------------------------------------------------------------------------ */
/* Main                                                                                  */

static void
usage (void)
{
  fputs ("usage: pango_measure [--fonts DIR] [--system-fonts] [--styled] [--bench N | --bench-warm N | --passes]"
         " [--list-fonts] < records\n"
         "  records: WIDTH<TAB>SIZE<TAB>TEXT per line (WIDTH '-' = no wrapping)\n"
         "  --styled: WIDTH<TAB>SIZE<TAB>FLAGS<TAB>TEXT, FLAGS of b (bold), m (markup), e (one line, ellipsized),\n"
         "            o (objects: WIDTH<TAB>SIZE<TAB>FLAGS<TAB>OBJECTS<TAB>TEXT, OBJECTS = W:A:D,... px per U+FFFC), -\n"
         "  fonts folder also from $MUSH_FONTS_DIR\n",
         stderr);
}

static void
list_fonts (FcConfig *config)
{
  FcFontSet *set = FcConfigGetFonts (config, FcSetApplication);
  for (int i = 0; set && i < set->nfont; i++)
    {
      FcChar8 *file = NULL, *family = NULL;
      FcPatternGetString (set->fonts[i], FC_FILE, 0, &file);
      FcPatternGetString (set->fonts[i], FC_FAMILY, 0, &family);
      printf ("{\"file\": ");
      print_json_string (file ? (const char *) file : "");
      printf (", \"family\": ");
      print_json_string (family ? (const char *) family : "");
      printf ("}\n");
    }
  FcFontSet *sys = FcConfigGetFonts (config, FcSetSystem);
  fprintf (stderr, "system fonts visible: %d\n", sys ? sys->nfont : 0);
}

int
main (int argc, char **argv)
{
  const char *fonts_dir = getenv ("MUSH_FONTS_DIR");
  long bench_n = 0;
  int warm = 0, want_list = 0, system_fonts = 0, passes = 0, styled = 0;
  Record *stored = NULL;
  size_t stored_count = 0, stored_cap = 0;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (strcmp (a, "--fonts") == 0 && i + 1 < argc)
        fonts_dir = argv[++i];
      else if ((strcmp (a, "--bench") == 0 || strcmp (a, "--bench-warm") == 0) && i + 1 < argc)
        {
          warm = strcmp (a, "--bench-warm") == 0;
          char *end;
          bench_n = strtol (argv[++i], &end, 10);
          if (*end != '\0' || bench_n <= 0)
            die ("iteration count must be a positive integer", argv[i]);
        }
      else if (strcmp (a, "--list-fonts") == 0)
        want_list = 1;
      else if (strcmp (a, "--system-fonts") == 0)
        system_fonts = 1;
      else if (strcmp (a, "--passes") == 0)
        passes = 1;
      else if (strcmp (a, "--styled") == 0)
        styled = 1;
      else if (strcmp (a, "-h") == 0 || strcmp (a, "--help") == 0)
        {
          usage ();
          return 0;
        }
      else
        {
          usage ();
          die ("unknown or incomplete argument", a);
        }
    }
  if (!fonts_dir || !*fonts_dir)
    {
      usage ();
      die ("no fonts folder: pass --fonts DIR or set MUSH_FONTS_DIR", NULL);
    }

  /* A private, empty fontconfig configuration (no system config files, no system font
   * folders) holding only the application fonts of the fonts folder; or, with
   * --system-fonts, the system's configuration and fonts with the folder added. */
  FcConfig *config = system_fonts ? FcInitLoadConfigAndFonts () : FcConfigCreate ();
  if (!config)
    die ("FcConfigCreate failed", NULL);
  /* An empty configuration has no cache directories, so fontconfig scans the folder
   * (a dozen files, fast) and then prints "Fontconfig error: No writable cache
   * directories" because it cannot save a cache. That is expected and harmless, so
   * stderr is muted for this one call; failure is still detected below. */
  fflush (stderr);
  int saved_stderr = dup (STDERR_FILENO);
  int devnull = open ("/dev/null", O_WRONLY);
  if (saved_stderr >= 0 && devnull >= 0)
    dup2 (devnull, STDERR_FILENO);
  FcBool added = FcConfigAppFontAddDir (config, (const FcChar8 *) fonts_dir);
  fflush (stderr);
  if (saved_stderr >= 0 && devnull >= 0)
    dup2 (saved_stderr, STDERR_FILENO);
  if (devnull >= 0)
    close (devnull);
  if (saved_stderr >= 0)
    close (saved_stderr);
  if (!added)
    die ("cannot add fonts folder", fonts_dir);
  FcFontSet *app = FcConfigGetFonts (config, FcSetApplication);
  if (!app || app->nfont == 0)
    die ("no fonts found in", fonts_dir);

  if (want_list)
    {
      list_fonts (config);
      FcConfigDestroy (config);
      return 0;
    }

  PangoFontMap *fontmap = pango_ft2_font_map_new ();
  pango_fc_font_map_set_config (PANGO_FC_FONT_MAP (fontmap), config);
  FcConfigDestroy (config);     /* the font map holds its own reference */
  pango_ft2_font_map_set_resolution (PANGO_FT2_FONT_MAP (fontmap), 72, 72);
  pango_fc_font_map_set_default_substitute (PANGO_FC_FONT_MAP (fontmap),
                                            unhinted_substitute, NULL, NULL);

  PangoContext *ctx = pango_font_map_create_context (fontmap);
  pango_context_set_round_glyph_positions (ctx, FALSE);
  /* Fixed language and direction so results do not depend on $LANG. */
  pango_context_set_language (ctx, pango_language_from_string ("en"));
  pango_context_set_base_dir (ctx, PANGO_DIRECTION_LTR);

  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getline (&line, &cap, stdin)) != -1)
    {
      while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = '\0';

      char *tab1 = strchr (line, '\t');
      char *tab2 = tab1 ? strchr (tab1 + 1, '\t') : NULL;
      if (!tab2)
        {
          print_error ("expected WIDTH<TAB>SIZE<TAB>TEXT");
          continue;
        }
      *tab1 = '\0';
      *tab2 = '\0';
      const char *width_s = line, *size_s = tab1 + 1;
      char *text = tab2 + 1;
      const char *flags = "";
      const char *objects_s = NULL;
      char *settings_s = NULL;
      if (styled)
        {
          char *tab3 = strchr (text, '\t');
          if (!tab3)
            {
              print_error ("expected WIDTH<TAB>SIZE<TAB>FLAGS<TAB>TEXT");
              continue;
            }
          *tab3 = '\0';
          flags = text;
          text = tab3 + 1;
          if (strchr (flags, 'o'))
            {
              char *tab4 = strchr (text, '\t');
              if (!tab4)
                {
                  print_error ("expected WIDTH<TAB>SIZE<TAB>FLAGS<TAB>OBJECTS<TAB>TEXT");
                  continue;
                }
              *tab4 = '\0';
              objects_s = text;
              text = tab4 + 1;
            }
          if (strchr (flags, 's'))
            {
              char *tab5 = strchr (text, '\t');
              if (!tab5)
                {
                  print_error ("expected a SETTINGS field before TEXT");
                  continue;
                }
              *tab5 = '\0';
              settings_s = text;
              text = tab5 + 1;
            }
        }

      Record r = RECORD (-1, NULL, text);
      r.markup = strchr (flags, 'm') != NULL;
      r.ellipsize = strchr (flags, 'e') != NULL;
      r.hyphens = strchr (flags, 'h') != NULL;
      double w, size;
      if (strcmp (width_s, "-") != 0)
        {
          if (!parse_double (width_s, &w) || w < 0)
            {
              print_error ("bad WIDTH");
              continue;
            }
          r.width = (int) (w * PANGO_SCALE + 0.5);
        }
      if (!parse_double (size_s, &size) || size <= 0)
        {
          print_error ("bad SIZE");
          continue;
        }
      unescape (text);
      if (!g_utf8_validate (text, -1, NULL))
        {
          print_error ("TEXT is not valid UTF-8");
          continue;
        }
      if (objects_s)
        {
          const char *why = NULL;
          r.has_objects = 1;
          r.nobjects = parse_objects (objects_s, &r.objects, &why);
          if (r.nobjects < 0)
            {
              print_error (why);
              continue;
            }
          /* The objects are the U+FFFC of the laid-out text: for markup, of the parsed
           * text (so &#xFFFC; counts as well). */
          int in_text;
          if (r.markup)
            {
              char *plain = NULL;
              if (!pango_parse_markup (text, -1, 0, NULL, &plain, NULL, NULL))
                {
                  g_free (r.objects);
                  print_error ("TEXT is not valid Pango markup");
                  continue;
                }
              in_text = count_objects (plain);
              g_free (plain);
            }
          else
            in_text = count_objects (text);
          if (in_text != r.nobjects)
            {
              char msg[160];
              snprintf (msg, sizeof msg,
                        "OBJECTS has %d items but TEXT has %d U+FFFC", r.nobjects, in_text);
              g_free (r.objects);
              print_error (msg);
              continue;
            }
        }

      r.desc = pango_font_description_new ();
      pango_font_description_set_family (r.desc, FAMILY);
      pango_font_description_set_absolute_size (r.desc, size * PANGO_SCALE);
      if (strchr (flags, 'b'))
        pango_font_description_set_weight (r.desc, PANGO_WEIGHT_BOLD);
      if (settings_s)
        {
          const char *why = parse_settings (settings_s, &r, r.desc);
          if (why)
            {
              pango_font_description_free (r.desc);
              g_free (r.objects);
              g_free (r.features);
              print_error (why);
              continue;
            }
        }

      if (passes)
        {
          if (stored_count == stored_cap)
            {
              stored_cap = stored_cap ? 2 * stored_cap : 1024;
              stored = g_renew (Record, stored, stored_cap);
            }
          r.text = g_strdup (text);
          stored[stored_count++] = r;
          continue;
        }
      if (bench_n > 0)
        {
          double us = warm ? bench_warm (ctx, &r, bench_n) : bench_cold (ctx, &r, bench_n);
          printf ("{\"microseconds_per_layout\": %.3f}\n", us);
        }
      else
        print_layout (ctx, &r);
      fflush (stdout);

      pango_font_description_free (r.desc);
      g_free (r.objects);
      g_free (r.features);
    }

  free (line);
  for (int pass = 1; passes && pass <= 2; pass++)
    {
      double total = 0, first = 0, heights = 0;
      PangoRectangle logical;
      for (size_t i = 0; i < stored_count; i++)
        {
          double t0 = now_us ();
          PangoLayout *layout = new_layout (ctx, &stored[i]);
          set_content (layout, &stored[i]);
          pango_layout_set_width (layout, stored[i].width);
          pango_layout_get_extents (layout, NULL, &logical);
          g_object_unref (layout);
          double us = now_us () - t0;
          heights += (double) logical.height / PANGO_SCALE;
          if (i == 0)
            first = us;
          total += us;
        }
      printf ("{\"pass\": %d, \"rows\": %zu, \"rows_per_second\": %.0f, \"first_row_microseconds\": %.1f",
              pass, stored_count, stored_count / (total / 1e6), first);
      if (styled)
        printf (", \"microseconds\": %.1f, \"height_sum\": %.2f", total, heights);
      fputs ("}\n", stdout);
    }
  for (size_t i = 0; i < stored_count; i++)
    {
      pango_font_description_free (stored[i].desc);
      g_free (stored[i].text);
      g_free (stored[i].objects);
      g_free (stored[i].features);
    }
  g_free (stored);
  g_object_unref (ctx);
  g_object_unref (fontmap);
  return 0;
}
