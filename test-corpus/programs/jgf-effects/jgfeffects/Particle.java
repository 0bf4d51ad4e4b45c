package corpus.jgfeffects;

/** A particle whose average counts the fast ones in a static of the kernel's class, as MolDyn's does. */
public class Particle {
    public double xv;

    public Particle(double xv) {
        this.xv = xv;
    }

    public double velavg(double limit) {
        double s = Math.abs(xv);
        if (s > limit) {
            Md.count = Md.count + 1.0;
        }
        return s;
    }
}
