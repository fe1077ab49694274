package io.jsycl.samples;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** Colour maps and PNG output for the samples that draw a picture. */
final class Images {
    /** Colour stops of a dark-blue → orange → white map, as 0xRRGGBB. */
    private static final int[] STOPS = {0x000764, 0x206BCB, 0xEDFFFF, 0xFFAA00, 0x000200};
    /** Colour stops of an inferno-like map for scalar fields. */
    private static final int[] HEAT = {0x000004, 0x420A68, 0x932667, 0xDD513A, 0xFCA50A, 0xFCFFA4};

    private Images() {
    }

    /** The colour at {@code t} in [0, 1] of a cyclic map, as 0xRRGGBB. */
    static int cyclic(double t) {
        return blend(STOPS, t - Math.floor(t));
    }

    /** The colour at {@code t} in [0, 1] (clamped) of the heat map, as 0xRRGGBB. */
    static int heat(double t) {
        return blend(HEAT, Math.clamp(t, 0.0, 1.0));
    }

    private static int blend(int[] stops, double t) {
        double pos = t * (stops.length - 1);
        int i = Math.min((int) pos, stops.length - 2);
        double f = pos - i;
        int a = stops[i];
        int b = stops[i + 1];
        int r = (int) Math.round(((a >> 16) & 0xFF) * (1 - f) + ((b >> 16) & 0xFF) * f);
        int g = (int) Math.round(((a >> 8) & 0xFF) * (1 - f) + ((b >> 8) & 0xFF) * f);
        int bl = (int) Math.round((a & 0xFF) * (1 - f) + (b & 0xFF) * f);
        return (r << 16) | (g << 8) | bl;
    }

    /** Writes {@code rgb} (row-major 0xRRGGBB, {@code width * height}) as a PNG. */
    static void writePng(Path path, int width, int height, int[] rgb) {
        var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, width, height, rgb, 0, width);
        try {
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) {
                java.nio.file.Files.createDirectories(parent);
            }
            if (!ImageIO.write(image, "png", path.toFile())) {
                throw new IOException("no PNG writer in javax.imageio");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + path + ": " + e.getMessage(), e);
        }
    }
}
