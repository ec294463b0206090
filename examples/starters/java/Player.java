/*
 * Player.java - a Nim Arcade player in Java: the starter (Kayles, the lab's game 0.77).
 *
 * FR : le squelette du protocole (docs/PROTOCOL.md) : il lit les lignes de Nim Arcade, tient la
 *      position à jour et répond à chaque « go » par un coup légal. Votre travail : la méthode
 *      choose(), plus bas (cherchez TODO).
 * EN : the protocol's skeleton (docs/PROTOCOL.md): it reads Nim Arcade's lines, keeps the position
 *      and answers each "go" with a legal move. Your work: the method choose(), below (TODO).
 *
 * Kayles: a row of pins; a move knocks down 1 pin or 2 side by side, which may cut a heap in two.
 * Whoever knocks down the last pin wins. A move is written "heap:take" (heaps numbered from 1), or
 * "heap:take:left" when the heap is cut in two: left pins on one side, the rest on the other.
 *
 * Build: javac Player.java        Run: java -cp . Player
 * Try:   java -cp . Player, then type  uci / setoption name Heaps value 10 / position startpos moves 1:1:4 / go / quit
 * Debugging prints go to System.err: System.out is for the protocol only.
 */
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

public class Player {
    /** The Heaps option: the heaps at the start. */
    private static List<Integer> start = new ArrayList<>(List.of(10));
    /** The position: its heaps, none empty, in Nim Arcade's order. */
    private static List<Integer> heaps = new ArrayList<>();

    /** Play "heap:take" or "heap:take:left" on the position; false when it can't be read. */
    static boolean play(String move) {
        String[] parts = move.split(":");
        try {
            int h = Integer.parseInt(parts[0]), take = Integer.parseInt(parts[1]);
            int left = parts.length > 2 ? Integer.parseInt(parts[2]) : 0;
            if (parts.length > 3 || h < 1 || h > heaps.size()) return false;
            int rest = heaps.get(h - 1) - take;
            if (take < 1 || rest < 0 || left < 0 || left > rest) return false;
            left = Math.min(left, rest - left);         // Nim Arcade puts the smaller part first
            heaps.remove(h - 1);
            if (left > 0) {                             // cut in two: left, then the rest
                heaps.add(h - 1, rest - left);
                heaps.add(h - 1, left);
            } else if (rest > 0) {
                heaps.add(h - 1, rest);
            }
            return true;
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return false;
        }
    }

    /** TODO: your strategy. The position is `heaps`; return your move ("1:1", "2:2:3"...).
     *  FR : votre stratégie ; renvoyez votre coup. */
    static String choose() {
        return "1:1";               // one pin of the first heap: always legal, rarely good
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split("\\s+");
            switch (words[0]) {
                case "uci":
                    System.out.println("id name player (Java starter)");    // TODO: your name / votre nom
                    System.out.println("id author Prenom Nom");
                    System.out.println("option name Game type combo default octal var octal");
                    System.out.println("option name Code type string default 0.77");
                    System.out.println("option name Heaps type string default 10");
                    System.out.println("uciok");
                    break;
                case "isready":
                    System.out.println("readyok");
                    break;
                case "setoption":                       // setoption name NAME value V1 V2 ...
                    if (words.length > 4 && words[2].equals("Heaps")) {
                        start = new ArrayList<>();
                        for (int i = 4; i < words.length; i++) start.add(Integer.parseInt(words[i]));
                    } else if (words.length > 4 && words[2].equals("Code") && !words[4].equals("0.77")) {
                        System.err.println("player: this starter plays Kayles (0.77), not " + words[4]);
                    }
                    break;
                case "position":                        // position startpos [moves M1 M2 ...]
                    heaps = new ArrayList<>();
                    for (int h : start) if (h > 0) heaps.add(h);
                    for (int i = 3; i < words.length; i++)
                        if (!play(words[i])) System.err.println("player: move " + words[i] + " not understood");
                    break;
                case "go":
                    System.out.println("bestmove " + choose());
                    break;
                case "quit":
                    return;
                default:                                // any other line: ignored
                    break;
            }
            System.out.flush();                         // every answer at once
        }
    }
}
