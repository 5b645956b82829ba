// The leaderboard feature's door (client-safe, issue 35, decision 066): levels and the screen.
export * from "./levels";
export { LeaderboardScreen } from "./components/leaderboard-screen";
